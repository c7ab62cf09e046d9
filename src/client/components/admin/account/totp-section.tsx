import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { fieldErrorsOf, useTRPC } from '../../../lib/trpc.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { validate } from '../../../lib/validate.ts';
import { localDigits } from '../../../../shared/messages.ts';
import { totpConfirmInput } from '../../../../shared/schemas/account.ts';
import { Button } from '../button.tsx';
import { TextField } from '../form-controls.tsx';
import { useNotify } from '../use-notify.ts';
import { PasswordDialog } from './password-dialog.tsx';
import { QrCode } from './qr-code.tsx';
import { RecoveryCodesDialog } from './recovery-codes.tsx';
import { FactorCard, StatusBadge } from './factor-card.tsx';

/** The authenticator app: set it up (QR code and key, confirmed with a code), new recovery codes, turn it off. */
export function TotpSection({ on, recoveryCodesLeft }: { on: boolean; recoveryCodesLeft: number }) {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [codes, setCodes] = useState<string[] | null>(null);
  const [asking, setAsking] = useState<'disable' | 'renew' | null>(null);
  // Her factors changed: the page, and whether the site still holds her back.
  const refresh = () => void Promise.all([queryClient.invalidateQueries(trpc.account.pathFilter()), queryClient.invalidateQueries(trpc.auth.me.queryFilter())]);

  const start = useMutation(trpc.account.totpStart.mutationOptions({ onError: (error) => notify.failure(t('security.failed'), error) }));
  const confirm = useMutation(
    trpc.account.totpConfirm.mutationOptions({
      onSuccess: ({ recoveryCodes }) => {
        start.reset();
        setCode('');
        setCodes(recoveryCodes);
        notify.success(t('security.totpOn'));
        refresh();
      },
      onError: (error) => setErrors(fieldErrorsOf(error)),
    }),
  );
  const passwordStep = {
    onError: (error: unknown) => setErrors(fieldErrorsOf(error)),
  };
  const disable = useMutation(
    trpc.account.totpDisable.mutationOptions({
      ...passwordStep,
      onSuccess: () => {
        setAsking(null);
        notify.success(t('security.totpOff'));
        refresh();
      },
    }),
  );
  const renew = useMutation(
    trpc.account.recoveryCodesRenew.mutationOptions({
      ...passwordStep,
      onSuccess: ({ recoveryCodes }) => {
        setAsking(null);
        setCodes(recoveryCodes);
        refresh();
      },
    }),
  );

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(totpConfirmInput, { code }, language);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    confirm.mutate(checked.data);
  };

  return (
    <FactorCard icon="devices" title={t('security.totpTitle')} description={t('security.totpWhy')} badge={<StatusBadge on={on} />} testId="totp-section">
      {on ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="me-auto text-sm text-stone-700" data-testid="recovery-codes-left">
            {t('security.codesLeft', { count: recoveryCodesLeft, left: localDigits(recoveryCodesLeft, language) })}
          </p>
          <Button onClick={() => (setErrors({}), setAsking('renew'))}>{t('security.codesRenew')}</Button>
          <Button onClick={() => (setErrors({}), setAsking('disable'))} className="text-red-800 ring-red-200">
            {t('security.totpDisable')}
          </Button>
        </div>
      ) : start.data ? (
        <div className="grid gap-5 sm:grid-cols-[auto_1fr]">
          <QrCode text={start.data.uri} label={t('security.qrLabel')} />
          <form onSubmit={submitCode} noValidate className="grid content-start gap-4">
            <p className="text-sm leading-6 text-stone-700">{t('security.totpScan')}</p>
            <p className="text-sm">
              <span className="block font-semibold text-stone-900">{t('security.totpKey')}</span>
              <code
                dir="ltr"
                lang="en"
                className="mt-1 block rounded-md bg-stone-50 px-3 py-2 font-mono text-sm break-all text-stone-900 ring-1 ring-stone-200"
                data-testid="totp-secret"
              >
                {start.data.secret.replace(/(.{4})(?=.)/g, '$1 ')}
              </code>
            </p>
            <TextField
              label={t('security.totpCode')}
              autoComplete="one-time-code"
              dir="ltr"
              value={code}
              onChange={setCode}
              error={errors.code}
              required
              name="code"
            />
            <div className="flex gap-2">
              <Button type="submit" variant="primary" busy={confirm.isPending}>
                {t('security.totpConfirm')}
              </Button>
              <Button onClick={() => start.reset()}>{t('actions.cancel')}</Button>
            </div>
          </form>
        </div>
      ) : (
        <Button onClick={() => start.mutate()} busy={start.isPending} data-testid="totp-start">
          {t('security.totpStart')}
        </Button>
      )}
      <RecoveryCodesDialog codes={codes} onDone={() => setCodes(null)} />
      <PasswordDialog
        open={asking !== null}
        title={t(asking === 'renew' ? 'security.codesRenewTitle' : 'security.totpDisableTitle')}
        message={t(asking === 'renew' ? 'security.codesRenewMessage' : 'security.totpDisableMessage')}
        confirmLabel={t(asking === 'renew' ? 'security.codesRenew' : 'security.totpDisable')}
        busy={disable.isPending || renew.isPending}
        error={errors.currentPassword}
        onClose={() => setAsking(null)}
        onConfirm={(currentPassword) => (asking === 'renew' ? renew : disable).mutate({ currentPassword })}
      />
    </FactorCard>
  );
}
