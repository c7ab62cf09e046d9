import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { otherLanguage, type Language } from '../../../../shared/locale.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { FactorCard } from '../account/factor-card.tsx';
import { Button } from '../button.tsx';
import { useConfirm } from '../confirm.tsx';
import { useNotify } from '../use-notify.ts';
import { useRefresh } from '../use-refresh.ts';

/**
 * Sends the saved edition to every confirmed reader of a language it is written in, after a
 * confirmation that names how many readers of each language receive it (the server queues exactly
 * those: readers who confirm later do not receive this edition).
 */
export function SendToEveryone({
  id,
  written,
  readers,
  disabled,
}: {
  id: number;
  /** The languages the saved edition is written in. */
  written: Language[];
  /** Confirmed readers per language (newsletters.overview). */
  readers: Record<Language, number>;
  /** Mail is not configured, or the form has unsaved changes. */
  disabled: boolean;
}) {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const notify = useNotify();
  const confirm = useConfirm();
  const refresh = useRefresh();
  const number = (value: number) => formatNumber(value, language);
  const recipients = written.reduce((sum, code) => sum + readers[code], 0);
  const send = useMutation(
    trpc.newsletters.send.mutationOptions({
      onSuccess: () => {
        notify.success(t('newsletters.send.started'));
        void refresh('newsletters');
      },
      onError: (error) => notify.failure(t('newsletters.send.failed'), error),
    }),
  );

  const ask = async () => {
    const sure = await confirm({
      title: t('newsletters.send.confirmTitle', { count: recipients, formatted: number(recipients) }),
      tone: 'default',
      confirmLabel: t('newsletters.send.confirm'),
      message: (
        <>
          <ul className="mb-3 grid gap-1" data-testid="send-readers">
            {[language, otherLanguage(language)].map((code) => {
              const name = t(`newsletter.languages.${code}`);
              return (
                <li key={code} data-language={code}>
                  {written.includes(code)
                    ? t('newsletters.send.confirmLanguage', { language: name, count: readers[code], formatted: number(readers[code]) })
                    : t('newsletters.send.confirmNotWritten', { language: name })}
                </li>
              );
            })}
          </ul>
          <p className="text-stone-600">{t('newsletters.send.confirmNote')}</p>
        </>
      ),
    });
    if (sure) send.mutate({ id });
  };

  const why = !written.length ? t('newsletters.send.notWritten') : !recipients ? t('newsletters.send.noReaders') : null;
  return (
    <FactorCard icon="newsletter" title={t('newsletters.send.title')} description={t('newsletters.send.hint')} level={2} testId="send-to-everyone">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="primary" icon="newsletter" busy={send.isPending} disabled={disabled || Boolean(why)} onClick={() => void ask()}>
          {t('newsletters.send.button')}
        </Button>
        {why ? <p className="text-sm text-stone-600">{why}</p> : null}
      </div>
    </FactorCard>
  );
}
