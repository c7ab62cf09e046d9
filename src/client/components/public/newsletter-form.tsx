import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../ui/toaster.tsx';
import { loadSchemas, preloadSchemas } from '../../lib/schemas-lazy.ts';
import { errorMessageOf, fieldErrorsOf, useTRPC } from '../../lib/trpc.ts';
import { useLanguage } from '../../lib/use-language.ts';

/** The footer's newsletter sign-up, with the original site's texts. */
export function NewsletterForm() {
  const { t } = useTranslation('public');
  const { language } = useLanguage();
  const toast = useToast();
  const trpc = useTRPC();
  const subscribe = useMutation(trpc.newsletter.subscribe.mutationOptions());
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const id = useId();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (subscribe.isPending) return;
    if (!email.trim()) {
      setErrors([t('toasts.enterEmail')]);
      toast.show('error', t('toasts.required'), t('toasts.enterEmail'));
      return;
    }
    const kit = await loadSchemas();
    const checked = kit.validate(kit.subscribeInput, { email }, language);
    if (!checked.ok) {
      setErrors(checked.errors.email ?? Object.values(checked.errors).flat());
      return;
    }
    try {
      await subscribe.mutateAsync(checked.data);
      setEmail('');
      setErrors([]);
      toast.show('success', t('toasts.subscribed'), t('toasts.subscribedText'));
    } catch (error) {
      setErrors(fieldErrorsOf(error).email ?? []);
      toast.show('error', t('toasts.failed'), errorMessageOf(error, t('toasts.subscriptionFailed')));
    }
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} onFocus={preloadSchemas} noValidate className="max-w-md" data-testid="newsletter-form">
      <label htmlFor={id} className="mb-2 block font-serif text-lg font-bold text-white">
        {t('newsletter.title')}
      </label>
      <p id={`${id}-hint`} className="mb-3 text-sm leading-relaxed text-plum-100">
        {t('newsletter.text')}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          dir="ltr"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          placeholder={t('newsletter.placeholder')}
          aria-describedby={`${id}-hint${errors.length ? ` ${id}-error` : ''}`}
          aria-invalid={errors.length ? true : undefined}
          className="min-w-0 flex-1 rounded-md border border-white/30 bg-white px-3 py-2.5 text-stone-900 placeholder:text-stone-500 focus:ring-2 focus:ring-plum-300 focus:outline-none rtl:text-right"
        />
        <button
          type="submit"
          disabled={subscribe.isPending}
          className="rounded-md bg-plum-100 px-5 py-2.5 font-semibold text-plum-900 hover:bg-white disabled:cursor-not-allowed disabled:opacity-70"
          data-testid="newsletter-submit"
        >
          {subscribe.isPending ? t('forms.sending') : t('newsletter.submit')}
        </button>
      </div>
      {errors.length ? (
        <ul id={`${id}-error`} className="mt-2 list-disc ps-5 text-sm text-white" role="alert">
          {errors.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : null}
    </form>
  );
}
