import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { Icon } from '../icons.tsx';

/** Whether mail can leave, the minute's rate, and the confirmed readers per language. */
export function useNewsletterOverview() {
  const trpc = useTRPC();
  return useQuery(trpc.newsletters.overview.queryOptions());
}

/** The setting names inside a translated sentence, isolated so they read left to right in Persian too. */
const setting = (name: string) => `\u2066${name}\u2069`;

/** On the newsletter pages while SMTP_URL is unset: what works anyway, and what to set. */
export function MailNotConfigured() {
  const { t } = useTranslation('admin');
  const overview = useNewsletterOverview();
  if (overview.data?.configured !== false) return null;
  return (
    <div className="mb-6 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950" data-testid="mail-not-configured">
      <Icon name="contact" className="mt-0.5 size-5 text-amber-800" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{t('newsletters.notConfigured.title')}</p>
        <p className="mt-1 leading-6">{t('newsletters.notConfigured.text', { smtp: setting('SMTP_URL'), from: setting('MAIL_FROM') })}</p>
      </div>
    </div>
  );
}
