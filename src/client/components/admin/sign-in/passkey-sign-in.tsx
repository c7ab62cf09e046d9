import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useLocation } from 'wouter';
import { errorMessageOf, useTRPC } from '../../../lib/trpc.ts';
import { askForPasskey, passkeysSupported } from '../../../lib/passkeys.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { ensureXsrfCookie } from '../../../lib/xsrf.ts';
import { Button } from '../button.tsx';
import { SignInAlert } from './sign-in-shell.tsx';

/**
 * Signing in with a passkey: no password, nothing a phishing page could relay (the browser gives a
 * passkey only to the site it was made for). Shown once scripts run in a browser that has passkeys.
 */
export function PasskeySignIn({ next, label, divider = true }: { next: string; label?: string; divider?: boolean }) {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const hydrated = useHydrated();
  const [problem, setProblem] = useState<string | null>(null);
  const options = useMutation(trpc.auth.passkeyOptions.mutationOptions());
  const signIn = useMutation(trpc.auth.passkeySignIn.mutationOptions());

  if (!hydrated || !passkeysSupported()) return null;

  const start = async () => {
    setProblem(null);
    try {
      await ensureXsrfCookie();
      const answer = await askForPasskey(await options.mutateAsync());
      if (!answer) return setProblem(t('login.passkeyCancelled'));
      const user = await signIn.mutateAsync({ response: { ...answer } });
      queryClient.setQueryData(trpc.auth.me.queryKey(), user);
      navigate(next, { replace: true });
    } catch (error) {
      setProblem(errorMessageOf(error, t));
    }
  };

  return (
    <div className="mt-5 grid gap-3">
      {divider ? (
        <p className="flex items-center gap-3 text-xs font-semibold text-stone-500 before:h-px before:flex-1 before:bg-stone-200 after:h-px after:flex-1 after:bg-stone-200">
          {t('login.or')}
        </p>
      ) : null}
      {problem ? <SignInAlert testId="passkey-error">{problem}</SignInAlert> : null}
      <Button
        type="button"
        variant="secondary"
        busy={options.isPending || signIn.isPending}
        onClick={() => void start()}
        icon="key"
        className="w-full gap-2 py-2.5"
        data-testid="passkey-sign-in"
      >
        {label ?? t('login.passkey')}
      </Button>
    </div>
  );
}
