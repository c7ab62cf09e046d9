import type { ReactNode } from 'react';
import { Link } from './link.tsx';
import { excerpt } from '../../../shared/text.ts';
import { itemPath, localized, type ContentItem } from '../../lib/content.ts';
import { useLanguage } from '../../lib/use-language.ts';
import { CategoryLabel } from './category-label.tsx';
import { ContentImage, imageSizes } from './content-image.tsx';
import { DateLine } from './date-line.tsx';

/** Description previews keep at most 70 characters, the ellipsis included, cut between words (the original cards cut at 70 and added '...'). */
const PREVIEW_LENGTH = 70;
/** Home teaser titles keep at most 50 characters, cut between words, so teasers keep one height. */
export const TEASER_TITLE_LENGTH = 50;

type Heading = 'h2' | 'h3' | 'h4';

interface CardProps {
  item: ContentItem;
  /** Shorten the title to this many characters (home teasers); otherwise the full title, clamped by CSS. */
  titleMax?: number;
  as?: Heading;
  eager?: boolean;
}

/**
 * The headline is the card's only link; a pseudo-element stretches it over the card, so the
 * whole card is clickable while keyboard and screen-reader users meet one link, not three.
 */
function Headline({ item, titleMax, as: Tag = 'h3', className }: CardProps & { className: string }) {
  const { language } = useLanguage();
  const { title } = localized(item, language);
  return (
    <Tag className={className}>
      <Link
        href={itemPath(item.kind, item, language)}
        className="after:absolute after:inset-0 hover:text-plum-800 hover:underline focus-visible:outline-offset-4"
        data-testid="card-title"
      >
        {titleMax ? excerpt(title, titleMax) : title}
      </Link>
    </Tag>
  );
}

function Preview({ item, className = '' }: { item: ContentItem; className?: string }): ReactNode {
  const { language } = useLanguage();
  const { description } = localized(item, language);
  return (
    <p className={`text-stone-700 ${className}`} data-testid="card-preview">
      {excerpt(description, PREVIEW_LENGTH)}
    </p>
  );
}

/** A grid card: picture on top; on phones a row with a small square picture at the end, like a news app. */
export function ContentCard(props: CardProps) {
  const { item, eager } = props;
  const { language } = useLanguage();
  return (
    <article className="group relative grid w-full grid-cols-[minmax(0,1fr)_6.5rem] content-start gap-x-4 sm:flex sm:flex-col" data-testid="content-card">
      <ContentImage
        path={item.image}
        alt={language === 'fa' ? item.coverAltFa : item.coverAltEn}
        width={640}
        height={360}
        eager={eager}
        sizes={imageSizes.card}
        className="col-start-2 row-span-4 row-start-1 aspect-square w-full rounded-sm sm:mb-3 sm:aspect-[16/9]"
      />
      <CategoryLabel category={item.category} country={item.country} className="col-start-1 mb-1" />
      <Headline {...props} className="col-start-1 font-serif text-[1.0625rem] leading-snug font-bold text-stone-900 [text-wrap:pretty] sm:text-lg" />
      <Preview item={item} className="col-start-1 mt-1.5 text-sm leading-relaxed sm:mt-2" />
      <DateLine date={item.createdAt} relative className="col-start-1 mt-2 text-xs text-stone-600 sm:mt-3" />
    </article>
  );
}

/** A lead story: large picture (at most 430 px high, so the headline stays above the fold), large headline, preview. */
export function LeadStory(props: CardProps & { imageClassName?: string; sizes?: string }) {
  const { item, imageClassName = 'aspect-[16/9] max-h-[430px] w-full', sizes = imageSizes.lead } = props;
  const { language } = useLanguage();
  return (
    <article className="group relative" data-testid="lead-story">
      <ContentImage
        path={item.image}
        alt={language === 'fa' ? item.coverAltFa : item.coverAltEn}
        width={1200}
        height={675}
        eager={props.eager ?? true}
        sizes={sizes}
        className={`mb-4 rounded-sm ${imageClassName}`}
      />
      <CategoryLabel category={item.category} country={item.country} className="mb-2" />
      <Headline
        {...props}
        as={props.as ?? 'h2'}
        className="font-serif text-2xl leading-tight font-bold text-stone-900 [text-wrap:balance] sm:text-3xl lg:text-4xl"
      />
      <Preview item={item} className="mt-3 text-base leading-relaxed sm:text-lg" />
      <DateLine date={item.createdAt} relative className="mt-3 block text-sm text-stone-600" />
    </article>
  );
}

/** A compact row with a small thumbnail at the start: side lists and "more" lists. */
export function CompactStory(props: CardProps) {
  const { item } = props;
  const { language } = useLanguage();
  return (
    <article className="group relative flex gap-3" data-testid="compact-story">
      <ContentImage
        path={item.image}
        alt={language === 'fa' ? item.coverAltFa : item.coverAltEn}
        width={160}
        height={120}
        sizes={imageSizes.thumb}
        className="aspect-[4/3] w-24 shrink-0 rounded-sm"
      />
      <div className="min-w-0">
        <Headline {...props} as={props.as ?? 'h4'} className="font-serif text-base leading-snug font-bold text-stone-900 line-clamp-3" />
        <DateLine date={item.createdAt} relative className="mt-1 block text-xs text-stone-600" />
      </div>
    </article>
  );
}
