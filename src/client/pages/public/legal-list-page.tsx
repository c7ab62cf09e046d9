import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/use-translation.ts';
import { useSearchParams } from 'wouter';
import { Link } from '../../components/public/link.tsx';
import { excerpt } from '../../../shared/text.ts';
import { ContentImage, ImagePlaceholder } from '../../components/public/content-image.tsx';
import { DateLine } from '../../components/public/date-line.tsx';
import { PagedGridPage } from '../../components/public/paged-grid-page.tsx';
import { itemPath, localized, type LegalItem } from '../../lib/content.ts';
import { legalListQuery, pagedInput, pageSizes } from '../../lib/public-queries.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useLanguage } from '../../lib/use-language.ts';

const PAGE_SIZE = pageSizes.legal;
/** Legal cards cut titles at 80 and descriptions at 180 characters, as the original did. */
const LEGAL_TITLE_LENGTH = 80;
const LEGAL_DESCRIPTION_LENGTH = 180;

function LegalCard({ item }: { item: LegalItem }) {
  const { t } = useTranslation('public');
  const { language } = useLanguage();
  const { title, description } = localized(item, language);
  return (
    <article
      className="group relative flex h-full flex-col overflow-hidden rounded-sm border border-stone-200 bg-white shadow-sm transition-shadow hover:shadow-md"
      data-testid="legal-card"
    >
      {item.mediaKind === 'image' && item.media ? (
        <ContentImage path={item.media} alt={language === 'fa' ? item.coverAltFa : item.coverAltEn} width={640} height={360} />
      ) : (
        <ImagePlaceholder label={item.mediaKind === 'video' || item.embedUrl ? t('legal.video') : undefined} />
      )}
      <div className="flex flex-1 flex-col p-5">
        <h2 className="font-serif text-lg leading-snug font-bold text-stone-900">
          <Link href={itemPath('legal', item, language)} className="after:absolute after:inset-0 hover:text-plum-800 hover:underline" data-testid="legal-title">
            {excerpt(title, LEGAL_TITLE_LENGTH)}
          </Link>
        </h2>
        <p className="mt-2 flex-1 text-sm leading-relaxed text-stone-700" data-testid="legal-description">
          {excerpt(description, LEGAL_DESCRIPTION_LENGTH)}
        </p>
        <DateLine date={item.createdAt} className="mt-4 text-xs text-stone-600" />
      </div>
    </article>
  );
}

export function LegalListPage() {
  const { language } = useLanguage();
  const trpc = useTRPC();
  const [params] = useSearchParams();
  const { page } = pagedInput(params, PAGE_SIZE);
  const query = useQuery({ ...legalListQuery(trpc, params, language), placeholderData: keepPreviousData });
  return (
    <PagedGridPage
      section="legal"
      query={query}
      page={page}
      pageSize={PAGE_SIZE}
      gridClassName="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3"
      renderItem={(item) => <LegalCard item={item} />}
    />
  );
}
