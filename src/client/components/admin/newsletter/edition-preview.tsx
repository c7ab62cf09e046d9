import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { directionOf, otherLanguage, type Language } from '../../../../shared/locale.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { FactorCard } from '../account/factor-card.tsx';
import { LoadError } from '../list-states.tsx';

/**
 * The languages the saved edition is written in (a subject and a message), as the server counts
 * them: every preview answers them. Asked in the panel's language, the preview's first look.
 */
export function useWrittenLanguages(id: number) {
  const trpc = useTRPC();
  const { language } = useLanguage();
  return useQuery({ ...trpc.newsletters.preview.queryOptions({ id, language }), select: (preview) => preview.languages });
}

/**
 * The saved edition as each language's readers receive it. The mail's HTML is shown in a frame
 * sandboxed to nothing (`sandbox=""`): no script, no form, no navigation of the panel, and an origin
 * of its own, so nothing in it can reach the panel's session. It inherits the panel's content
 * security policy, which allows what the mail needs: style attributes and pictures from the site.
 */
export function EditionPreview({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const { language: panelLanguage } = useLanguage();
  const trpc = useTRPC();
  const written = useWrittenLanguages(id);
  const [chosen, setChosen] = useState<Language | null>(null);
  // The panel's language first, unless the edition is written only in the other.
  const language = chosen ?? (written.data && !written.data.includes(panelLanguage) && written.data[0] ? written.data[0] : panelLanguage);
  const preview = useQuery({ ...trpc.newsletters.preview.queryOptions({ id, language }), enabled: written.isSuccess, placeholderData: keepPreviousData });
  const languageName = t(`newsletter.languages.${language}`);
  const failed = written.isError ? written : preview.isError ? preview : null;

  return (
    <FactorCard icon="eye" title={t('newsletters.preview.title')} description={t('newsletters.preview.hint')} level={2} testId="edition-preview">
      <div role="group" aria-label={t('newsletters.preview.title')} className="mb-3 inline-flex rounded-lg bg-stone-100 p-1">
        {[panelLanguage, otherLanguage(panelLanguage)].map((code) => (
          <button
            key={code}
            type="button"
            aria-pressed={code === language}
            onClick={() => setChosen(code)}
            data-testid={`preview-${code}`}
            className="rounded-md px-3 py-1.5 text-sm font-semibold text-stone-600 hover:text-stone-900 aria-pressed:bg-white aria-pressed:text-plum-800 aria-pressed:shadow-sm"
          >
            {t(`newsletter.languages.${code}`)}
          </button>
        ))}
      </div>
      {failed ? (
        <LoadError error={failed.error} onRetry={() => void failed.refetch()} />
      ) : !written.data || !preview.data ? (
        <Spinner />
      ) : !written.data.includes(language) ? (
        <p className="rounded-lg border border-dashed border-stone-300 px-4 py-6 text-center text-sm text-stone-600" data-testid="preview-not-written">
          {t('newsletters.preview.notWritten', { language: languageName })}
        </p>
      ) : (
        <div
          className={`overflow-hidden rounded-lg ring-1 ring-stone-200 transition-opacity ${preview.isPlaceholderData ? 'opacity-60' : ''}`}
          aria-busy={preview.isPlaceholderData || undefined}
        >
          <p className="border-b border-stone-200 bg-stone-50 px-4 py-2 text-sm text-stone-600">
            <span className="font-semibold text-stone-800">{t('newsletters.preview.subject')}: </span>
            <bdi dir={directionOf(language)} lang={language} data-testid="preview-subject">
              {preview.data.subject}
            </bdi>
          </p>
          <iframe
            sandbox=""
            srcDoc={preview.data.html}
            title={t('newsletters.preview.frame', { language: languageName })}
            className="block h-[36rem] w-full bg-stone-100"
            data-testid="preview-frame"
            data-language={preview.isPlaceholderData ? undefined : language}
          />
        </div>
      )}
    </FactorCard>
  );
}
