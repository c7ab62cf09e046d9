import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from '../../components/public/link.tsx';
import { PageFrame, PageHeading } from '../../components/public/page-heading.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { NotFoundPage } from './not-found-page.tsx';

/** What a confirmation or unsubscribe link opens: one button that posts. */
export type NewsletterLinkStep = 'confirm' | 'unsubscribe';
/** Where the post lands (post/redirect/get). */
export const newsletterOutcomes = ['confirmed', 'unsubscribed', 'expired'] as const;
export type NewsletterOutcome = (typeof newsletterOutcomes)[number];
export const isNewsletterOutcome = (value: unknown): value is NewsletterOutcome => (newsletterOutcomes as readonly unknown[]).includes(value);

/**
 * The page a link in a newsletter mail opens. It changes nothing by being opened, so a mail
 * scanner that fetches every link confirms and unsubscribes nobody: the reader presses the button,
 * whose form posts to this same address (the token is in it; the form carries nothing else, and
 * the page's words do not depend on the token, so it is one page for every link).
 */
export function NewsletterLinkPage({ step }: { step: NewsletterLinkStep }) {
  const { t } = useTranslation('public');
  const title = t(`newsletterLinks.${step}Title`);
  useDocumentTitle(title);
  return (
    <PageFrame narrow>
      <div data-testid={`newsletter-${step}-page`}>
        <PageHeading title={title} intro={t(`newsletterLinks.${step}Text`)} />
        <form method="post" className="flex flex-col gap-4">
          <button
            type="submit"
            className="self-start rounded-md bg-plum-800 px-6 py-3 font-semibold text-white hover:bg-plum-900 focus:ring-2 focus:ring-plum-300 focus:outline-none"
            data-testid={`newsletter-${step}-button`}
          >
            {t(`newsletterLinks.${step}Button`)}
          </button>
          <p className="text-sm text-stone-600">{t('newsletterLinks.noTracking')}</p>
        </form>
      </div>
    </PageFrame>
  );
}

export function NewsletterOutcomePage({ outcome }: { outcome: string | undefined }) {
  if (!isNewsletterOutcome(outcome)) return <NotFoundPage />;
  return <Outcome outcome={outcome} />;
}

function Outcome({ outcome }: { outcome: NewsletterOutcome }) {
  const { t } = useTranslation('public');
  const title = t(`newsletterLinks.${outcome}Title`);
  useDocumentTitle(title);
  return (
    <PageFrame narrow>
      <div data-testid="newsletter-outcome" data-outcome={outcome}>
        <PageHeading title={title} intro={t(`newsletterLinks.${outcome}Text`)} />
      </div>
      <Link href="/" className="inline-block rounded-md bg-plum-800 px-5 py-2.5 font-semibold text-white hover:bg-plum-900">
        {t('sent.home')}
      </Link>
    </PageFrame>
  );
}
