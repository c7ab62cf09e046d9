import { createContext, useContext, type ReactNode } from 'react';
import { FORM_FIELD, TOKEN_FIELD, type FormName, type ServerFormState } from '../../shared/form-posts.ts';

export type { FormName, ServerFormState };

const ServerFormContext = createContext<ServerFormState | null>(null);

export function ServerFormProvider({ state, children }: { state?: ServerFormState | null; children: ReactNode }) {
  return <ServerFormContext.Provider value={state ?? null}>{children}</ServerFormContext.Provider>;
}

/** What the server sent back for this form after refusing its post, or null on an ordinary page. */
export function useServerForm(form: FormName): ServerFormState | null {
  const state = useContext(ServerFormContext);
  return state?.form === form ? state : null;
}

/**
 * The hidden fields every visitor form carries, with or without JavaScript: the form's name and,
 * on a page answering a refused post, its anti-forgery token for the next try.
 */
export function FormPostFields({ form }: { form: FormName }) {
  const token = useContext(ServerFormContext)?.tokens[form];
  return (
    <>
      <input type="hidden" name={FORM_FIELD} value={form} />
      {token ? <input type="hidden" name={TOKEN_FIELD} value={token} /> : null}
    </>
  );
}
