import { useCallback, useRef } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import type { z } from 'zod';
import { fieldErrorsOf } from '../../lib/trpc.ts';
import { useDraft } from '../../lib/use-draft.ts';
import { useLanguage } from '../../lib/use-language.ts';
import { validate } from '../../lib/validate.ts';
import { DraftNotice } from './admin-form.tsx';
import { useAdminUser } from './admin-session.tsx';
import { useFieldErrors } from './use-field-errors.ts';
import { useNotify } from './use-notify.ts';

/** How a field that owns its text (a body editor) lets the form read it at submit time. */
export type RegisterLive = (field: string, read: () => string) => () => void;

export interface DraftFormOptions<T> {
  /** Fields never written to storage (passwords). */
  exclude?: (keyof T)[];
  /** The error keys a change to a field settles (a video link also answers "image or video"). */
  errorKeys?(field: keyof T & string): string[];
}

/** Where a form's draft is kept: per editor, so the next person at a shared laptop never gets it. */
export const formDraftKey = (userId: number, name: string) => `${userId}:${name}`;

/**
 * The state every add and edit form of the panel shares: the values, kept as a draft under the
 * editor's id (decision 006), the errors shown, and the steps of a submit. `name` tells the form's
 * draft from the others (`add-gallery`, `edit-legal-4`).
 */
export function useDraftForm<T extends Record<string, string>>(name: string, initial: T, options: DraftFormOptions<T> = {}) {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const notify = useNotify();
  const me = useAdminUser();
  const draft = useDraft(formDraftKey(me.id, name), initial, { exclude: options.exclude });
  const { errors, setErrors, clear } = useFieldErrors();
  const errorKeys = options.errorKeys ?? ((field: string) => [field]);
  const liveFields = useRef(new Map<string, () => string>());

  /**
   * A field that keeps its own text while shown (a body editor) hands the form a reader of it:
   * the form's values follow such a field a render behind, so a save reads it at that moment.
   * Returns the unregistering function.
   */
  const registerLive: RegisterLive = useCallback((field, read) => {
    liveFields.current.set(field, read);
    return () => {
      if (liveFields.current.get(field) === read) liveFields.current.delete(field);
    };
  }, []);

  /** The values as they are now: what the fields that own their text hold at this moment. */
  const current = (): T => {
    const now: Record<string, string> = { ...draft.values };
    for (const [field, read] of liveFields.current) if (field in now) now[field] = read();
    return now as T;
  };

  /** Checks input with a shared schema: the errors on the form, or none and the parsed data. */
  const check = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> | undefined => {
    const result = validate(schema, input, language);
    setErrors(result.ok ? {} : result.errors);
    return result.ok ? result.data : undefined;
  };

  const submit = <S extends z.ZodType>(schema: S, input: unknown, send: (data: z.output<S>) => void) => {
    const data = check(schema, input);
    if (data !== undefined) send(data);
  };

  /** A field typed in: kept in the draft, and the mistake it fixes no longer reported. */
  const change = <K extends keyof T & string>(field: K, value: T[K]) => {
    draft.setField(field, value);
    clear(...errorKeys(field));
  };

  return {
    values: draft.values,
    /** Changes when the values were replaced from outside the fields (reset, discarded draft). */
    revision: draft.revision,
    errors,
    setErrors,
    clear,
    /** Back to the initial values, the saved draft forgotten. */
    reset: draft.clear,
    change,
    registerLive,
    current,
    /** A text field's value, onChange and error: `<TextField {...form.field('name')} />`. */
    field: <K extends keyof T & string>(name: K) => ({ value: draft.values[name], onChange: (value: T[K]) => change(name, value), error: errors[name] }),
    check,
    submit,
    /** An edit form's save: `changes` is the id and what changed; with nothing changed nothing is sent. */
    saveChanges: <S extends z.ZodType>(changes: { id: number }, schema: S, send: (data: z.output<S>) => void) => {
      if (Object.keys(changes).length === 1) {
        setErrors({});
        notify.info(t('form.noChanges'));
        return;
      }
      submit(schema, changes, send);
    },
    /** A refused request: the server's field errors on the form (what was typed stays), and a toast. */
    failed: (title: string) => (error: unknown) => {
      setErrors(fieldErrorsOf(error));
      notify.failure(title, error);
    },
    /** "Your unsaved text was restored", while it applies. */
    draftNotice: (extra?: string) => (draft.restored ? <DraftNotice onDiscard={draft.clear} onDismiss={draft.dismissRestored} extra={extra} /> : null),
  };
}
