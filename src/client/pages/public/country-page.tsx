import { useQueries } from '@tanstack/react-query';
import { useTranslation } from '../../lib/use-translation.ts';
import { useLanguage } from '../../lib/use-language.ts';
import { ContentGrid } from '../../components/public/content-grid.tsx';
import { PageFrame, PageHeading } from '../../components/public/page-heading.tsx';
import { SectionHeader } from '../../components/public/section-header.tsx';
import { EmptyMessage, ErrorMessage } from '../../components/public/state-message.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { contentKindIds, contentKinds } from '../../../shared/content-kinds.ts';
import { listPath, type Country } from '../../lib/content.ts';
import { countryQueries } from '../../lib/public-queries.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** In the order of countryQueries. */
const kinds = contentKindIds;

/** /iran and /afghanistan: the news, articles and reports tagged with the country. */
export function CountryPage({ country }: { country: Country }) {
  const { t } = useTranslation('public');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const results = useQueries({ queries: countryQueries(trpc, country, language) });
  const name = t(`countries.${country}`);
  useDocumentTitle(name);

  const failed = results.find((result) => result.error);
  let body;
  if (failed?.error) body = <ErrorMessage error={failed.error} onRetry={() => results.forEach((result) => result.error && void result.refetch())} />;
  else if (results.some((result) => !result.data)) body = <Spinner />;
  else if (results.every((result) => !result.data?.items.length)) body = <EmptyMessage>{t('countryPage.empty', { country: name })}</EmptyMessage>;
  else
    body = (
      <div className="space-y-16">
        {kinds.map((kind, index) => {
          const items = results[index]?.data?.items ?? [];
          if (!items.length) return null;
          return (
            <section key={kind} aria-labelledby={`country-${kind}`} data-testid={`country-${kind}`}>
              <SectionHeader id={`country-${kind}`} title={t(`home.${contentKinds[kind].heading}`)} moreHref={`${listPath[kind]}?country=${country}`} />
              <ContentGrid items={items} />
            </section>
          );
        })}
      </div>
    );

  return (
    <PageFrame>
      <PageHeading title={name} intro={t(`countryPage.intro.${country}`)} kicker={t('countryPage.kicker')} />
      {body}
    </PageFrame>
  );
}
