import type { z } from 'zod';
import type { Language } from '../../shared/locale.ts';
import { fieldErrorsOf } from '../../shared/messages.ts';

/** Checks form values with a shared schema before sending; the same wording the server would use. */
export function validate<T extends z.ZodType>(schema: T, values: unknown, language: Language): { ok: true; data: z.infer<T> } | { ok: false; errors: Record<string, string[]> } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, errors: fieldErrorsOf(result.error.issues, language) };
}
