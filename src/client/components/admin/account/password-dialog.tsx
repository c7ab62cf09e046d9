import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../button.tsx';
import { Modal } from '../modal.tsx';
import { PasswordField } from '../password-field.tsx';

/** Asks for her own password before a change a stolen session must not make alone; the server checks it. */
export function PasswordDialog({
  open,
  title,
  message,
  confirmLabel,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  busy: boolean;
  error?: string[];
  onConfirm(password: string): void;
  onClose(): void;
}) {
  const { t } = useTranslation('admin');
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm(password);
  };
  const close = () => {
    setPassword('');
    onClose();
  };
  return (
    <Modal open={open} onClose={close} title={title} size="sm" testId="password-dialog">
      <form onSubmit={submit} className="grid gap-4">
        <p className="text-sm leading-6 text-stone-700">{message}</p>
        <PasswordField current label={t('security.currentPassword')} value={password} onChange={setPassword} error={error} required />
        <div className="flex justify-end gap-2">
          <Button onClick={close}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="primary" busy={busy}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
