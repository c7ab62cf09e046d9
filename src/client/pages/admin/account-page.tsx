import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../lib/use-translation.ts';
import { useConfirm } from '../../components/admin/confirm.tsx';
import { Icon } from '../../components/admin/icons.tsx';
import { LoadError } from '../../components/admin/list-states.tsx';
import { PageHeader } from '../../components/admin/page-header.tsx';
import { PasskeysSection } from '../../components/admin/account/passkeys-section.tsx';
import { PublicNamesSection } from '../../components/admin/account/public-names-section.tsx';
import { TotpSection } from '../../components/admin/account/totp-section.tsx';
import { useNotify } from '../../components/admin/use-notify.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useLanguage } from '../../lib/use-language.ts';

/**
 * /admin/account: the signed-in account's own security. Its second factors (passkeys first: they
 * cannot be phished or relayed; an authenticator app), and where it is signed in (a coarse browser
 * name and when; no address is ever kept), each of which she can end: a phone lost, a computer
 * shared, a session she does not recognise.
 */
export function AccountPage() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const notify = useNotify();
  const security = useQuery({ ...trpc.account.security.queryOptions(), staleTime: 0, refetchOnMount: 'always' });
  const sessions = useQuery({ ...trpc.account.sessions.queryOptions(), staleTime: 0, refetchOnMount: 'always' });
  const end = useMutation(
    trpc.account.endSession.mutationOptions({
      onSuccess: (_data, { handle }) => {
        const wasCurrent = sessions.data?.find((session) => session.handle === handle)?.current;
        notify.success(t('account.ended'));
        // Ending this browser's own session signs her out: the panel then asks her to sign in.
        if (wasCurrent) void queryClient.invalidateQueries(trpc.auth.me.queryFilter());
        else void queryClient.invalidateQueries(trpc.account.sessions.queryFilter());
      },
      onError: (error) => notify.failure(t('account.endFailed'), error),
    }),
  );
  const ask = async (handle: string, current: boolean) => {
    const ok = await confirm({
      title: t(current ? 'account.endCurrentTitle' : 'account.endTitle'),
      message: t(current ? 'account.endCurrentMessage' : 'account.endMessage'),
      confirmLabel: t('account.end'),
      tone: 'default',
    });
    if (ok) end.mutate({ handle });
  };

  return (
    <>
      <PageHeader title={t('account.title')} description={t('account.intro')} />
      <PublicNamesSection />
      <section aria-labelledby="account-security" className="mb-10 max-w-3xl">
        <h2 id="account-security" className="mb-1 text-lg font-semibold text-stone-900">
          {t('security.heading')}
        </h2>
        <p className="mb-4 text-sm text-stone-600">{t('security.intro')}</p>
        {security.data?.required && !security.data.totp && !security.data.passkeys.length ? (
          <p
            role="alert"
            className="mb-4 rounded-lg bg-amber-50 px-4 py-3 text-sm font-medium text-amber-950 ring-1 ring-amber-200"
            data-testid="second-factor-required"
          >
            {t('security.requiredNotice')}
          </p>
        ) : null}
        {security.isError ? <LoadError error={security.error} onRetry={() => void security.refetch()} /> : null}
        {security.data ? (
          <div className="grid gap-4">
            <PasskeysSection passkeys={security.data.passkeys} />
            <TotpSection on={security.data.totp} recoveryCodesLeft={security.data.recoveryCodesLeft} />
          </div>
        ) : null}
      </section>
      <section aria-labelledby="account-sessions" className="max-w-3xl">
        <h2 id="account-sessions" className="mb-1 text-lg font-semibold text-stone-900">
          {t('account.sessions')}
        </h2>
        <p className="mb-4 text-sm text-stone-600">{t('account.sessionsHint')}</p>
        {sessions.isError ? <LoadError error={sessions.error} onRetry={() => void sessions.refetch()} /> : null}
        <ul className="grid gap-2" aria-busy={sessions.isPending || undefined}>
          {sessions.data?.map((session) => (
            <li
              key={session.handle}
              className="flex flex-wrap items-center gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
              data-testid="account-session"
            >
              <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-plum-50 text-plum-700">
                <Icon name="devices" className="size-5" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-stone-900">
                  <bdi>{session.browser ?? t('account.unknownBrowser')}</bdi>
                  {session.current ? (
                    <span className="ms-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">{t('account.thisBrowser')}</span>
                  ) : null}
                </span>
                <span className="block text-sm text-stone-600">{t('account.signedIn', { date: formatDateTime(session.createdAt, language) })}</span>
              </span>
              <button
                type="button"
                onClick={() => void ask(session.handle, session.current)}
                disabled={end.isPending}
                className="rounded-lg px-3 py-1.5 text-sm font-semibold text-red-800 ring-1 ring-red-200 hover:bg-red-50 disabled:opacity-50"
              >
                {t('account.end')}
                <span className="sr-only">: {session.browser ?? t('account.unknownBrowser')}</span>
              </button>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
