import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { counterId, counterShows, LengthCounter } from '../ui/length-counter.tsx';
import { useToast } from '../ui/toaster.tsx';
import { limits } from '../../../shared/limits.ts';
import { loadSchemas, preloadSchemas } from '../../lib/schemas-lazy.ts';
import { failureKind } from '../../lib/failure.ts';
import { errorMessageOf, fieldErrorsOf, useTRPC } from '../../lib/trpc.ts';
import { useAddressWithoutSearch } from '../../lib/search.ts';
import { useLanguage } from '../../lib/use-language.ts';
import { FormPostFields, useServerForm } from '../../lib/server-form.tsx';
import { useTypedBeforeHydration } from '../../lib/use-typed-before-hydration.ts';

/** The footer's newsletter sign-up, with the original site's texts. */
export function NewsletterForm() {
  const { t } = useTranslation('public');
  const { language } = useLanguage();
  const toast = useToast();
  const trpc = useTRPC();
  const subscribe = useMutation(trpc.newsletter.subscribe.mutationOptions());
  const server = useServerForm('newsletter');
  const [email, setEmail] = useState(server?.values.email ?? '');
  const [errors, setErrors] = useState<string[]>(server ? Object.values(server.errors).flat() : []);
  const id = useId();
  // Without JavaScript the form posts to the page it is on, which the server shows again if it refuses it.
  const { path, search } = useAddressWithoutSearch();
  const input = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(input, email, (event) => setEmail(event.target.value));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    if (subscribe.isPending) return;
    if (!email.trim()) {
      setErrors([t('toasts.enterEmail')]);
      toast.show('error', t('toasts.required'), t('toasts.enterEmail'));
      return;
    }
    try {
      // Inside the try: on a dropped connection the validation chunk itself may not arrive.
      const kit = await loadSchemas();
      const checked = kit.validate(kit.subscribeInput, { email }, language);
      if (!checked.ok) {
        setErrors(checked.errors.email ?? Object.values(checked.errors).flat());
        return;
      }
      await subscribe.mutateAsync(checked.data);
      setEmail('');
      setErrors([]);
      toast.show('success', t('toasts.subscribed'), t('toasts.subscribedText'));
    } catch (error) {
      setErrors(fieldErrorsOf(error).email ?? []);
      const retry = failureKind(error) === null ? undefined : { label: t('common:tryAgain'), run: () => form.requestSubmit() };
      toast.show('error', t('toasts.failed'), errorMessageOf(error, t), retry);
    }
  }

  return (
    <form
      method="post"
      action={`${path}${search ? `?${search}` : ''}`}
      onSubmit={(event) => void onSubmit(event)}
      onFocus={preloadSchemas}
      noValidate
      className="max-w-md"
      data-testid="newsletter-form"
    >
      <FormPostFields form="newsletter" />
      <label htmlFor={id} className="mb-2 block font-serif text-lg font-bold text-white">
        {t('newsletter.title')}
      </label>
      <p id={`${id}-hint`} className="mb-3 text-sm leading-relaxed text-plum-100">
        {t('newsletter.text')}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          ref={input}
          id={id}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          dir="ltr"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          placeholder={t('newsletter.placeholder')}
          aria-describedby={`${id}-hint${counterShows(email, limits.email) ? ` ${counterId(id)}` : ''}${errors.length ? ` ${id}-error` : ''}`}
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
      <LengthCounter fieldId={id} value={email} limit={limits.email} onDark />
      {errors.length ? (
        <ul id={`${id}-error`} className="mt-2 list-disc ps-5 text-sm text-white" role="alert">
          {errors.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : null}
      <p className="mt-3 text-xs leading-relaxed text-plum-100" data-testid="newsletter-privacy">
        {t('newsletter.privacy')}
      </p>
    </form>
  );
}
