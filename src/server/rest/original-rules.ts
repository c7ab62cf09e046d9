import type { z } from 'zod';
import { fieldErrorsOf, message, type MessageKey } from '../../shared/messages.ts';
import type { Context } from '../trpc/context.ts';
import { fieldErrorLists } from '../trpc/init.ts';

/** A field the original API's create needed: its procedure name, whether the call has it, and what to say when not. */
export type OriginalField = readonly [field: string, present: boolean, missing?: MessageKey];

const has = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** The original needed both titles and both descriptions (a body counts as a description). */
export function originalTexts(input: {
  titleEn?: string;
  titleFa?: string;
  descriptionEn?: string;
  descriptionFa?: string;
  bodyEn?: unknown;
  bodyFa?: unknown;
}) {
  return [
    ['titleEn', has(input.titleEn)],
    ['titleFa', has(input.titleFa)],
    ['descriptionEn', has(input.descriptionEn) || input.bodyEn !== undefined],
    ['descriptionFa', has(input.descriptionFa) || input.bodyFa !== undefined],
  ] as const satisfies readonly OriginalField[];
}

/**
 * A create through the original REST API keeps the original's rule: everything it needed, unless
 * the call says `status=draft` (this site's drafts, which may be in one language). Refused with
 * each missing field named, together with whatever else the procedure's schema refuses, in one
 * answer as the original gave it. The procedure checks the stored result again.
 */
export function requireOriginalFields(
  ctx: Pick<Context, 'lang'>,
  schema: z.ZodType,
  input: object & { status?: unknown },
  fields: readonly OriginalField[],
): void {
  if (input.status === 'draft') return;
  const missing = fields.filter(([, present]) => !present);
  if (!missing.length) return;
  const parsed = schema.safeParse(input);
  const errors = parsed.success ? {} : fieldErrorsOf(parsed.error.issues, ctx.lang);
  for (const [field, , key] of missing) errors[field] = [message(ctx.lang, key ?? 'required')];
  throw fieldErrorLists(errors, ctx.lang);
}
