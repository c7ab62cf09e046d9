import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { testNewsletterInput } from '../../../../shared/schemas/newsletter.ts';
import { fieldErrorsOf, useTRPC } from '../../../lib/trpc.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { validate } from '../../../lib/validate.ts';
import { FactorCard } from '../account/factor-card.tsx';
import { useAdminUser } from '../admin-session.tsx';
import { Button } from '../button.tsx';
import { TextField } from '../form-controls.tsx';
import { useNotify } from '../use-notify.ts';

/** Sends the saved edition to one address now (the editor's own to start with), each written language once. */
export function TestSend({ id, disabled }: { id: number; disabled: boolean }) {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const trpc = useTRPC();
  const notify = useNotify();
  const me = useAdminUser();
  const [email, setEmail] = useState(me.email);
  const [error, setError] = useState<string[] | undefined>();
  const send = useMutation(
    trpc.newsletters.sendTest.mutationOptions({
      // The address isolated: in a Persian sentence it keeps its own order.
      onSuccess: () => notify.success(t('newsletters.test.sent', { email: `\u2068${email}\u2069` })),
      onError: (failure) => {
        setError(fieldErrorsOf(failure).email);
        notify.failure(t('newsletters.test.failed'), failure);
      },
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(testNewsletterInput, { id, email }, language);
    setError(checked.ok ? undefined : checked.errors.email);
    if (checked.ok) send.mutate(checked.data);
  };

  return (
    <FactorCard icon="contact" title={t('newsletters.test.title')} description={t('newsletters.test.hint')} level={2} testId="test-send">
      <form noValidate onSubmit={submit} className="flex flex-wrap items-start gap-x-3 gap-y-2">
        <div className="min-w-0 flex-1 basis-56">
          <TextField
            label={t('newsletters.test.email')}
            type="email"
            dir="ltr"
            name="testEmail"
            autoComplete="email"
            value={email}
            error={error}
            onChange={(value) => {
              setEmail(value);
              setError(undefined);
            }}
          />
        </div>
        <Button type="submit" icon="newsletter" busy={send.isPending} disabled={disabled} className="sm:mt-6">
          {t('newsletters.test.send')}
        </Button>
      </form>
    </FactorCard>
  );
}
