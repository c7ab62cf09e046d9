import { useState } from 'react';
import type { z } from 'zod';
import { failureKind } from './failure.ts';
import { fieldErrorsOf } from './trpc.ts';
import { useLanguage } from './use-language.ts';
import { loadSchemas } from './schemas-lazy.ts';

/**
 * The shared life of a public form: check with the shared schema, send, then either reset or show
 * the server's errors per field. `send` resolves on success and throws the failed call's error.
 */
export function useFormSubmit<S extends z.ZodType>(options: {
  schema: () => Promise<S>;
  send: (data: z.infer<S>) => Promise<unknown>;
  onSuccess: () => void;
  /** `retry` sends the same values again; given only when the request failed on the way (nothing to correct). */
  onFailure: (error: unknown, retry?: () => void) => void;
  /** The server's messages when the page answers a refused post (src/server/forms). */
  initialErrors?: Record<string, string[]>;
}) {
  const { language } = useLanguage();
  const [errors, setErrors] = useState<Record<string, string[]>>(options.initialErrors ?? {});
  const [sending, setSending] = useState(false);

  async function submit(values: unknown) {
    if (sending) return;
    setSending(true);
    try {
      const [schema, { validate }] = await Promise.all([options.schema(), loadSchemas()]);
      const checked = validate(schema, values, language);
      if (!checked.ok) {
        setErrors(checked.errors);
        return;
      }
      try {
        await options.send(checked.data);
      } catch (error) {
        setErrors(fieldErrorsOf(error));
        options.onFailure(error, failureKind(error) === null ? undefined : () => void submit(values));
        return;
      }
      setErrors({});
      options.onSuccess();
    } catch (error) {
      // The schema chunk itself failed to load (a dropped connection): report it like a failed send.
      options.onFailure(error, () => void submit(values));
    } finally {
      setSending(false);
    }
  }

  return { errors, sending, submit, clearErrors: () => setErrors({}) };
}
