/**
 * The visitor forms that also work without JavaScript: they post to the server (src/server/forms),
 * which answers with a page. Shared by the server and the React forms so both name things alike.
 */
export const formNames = ['story', 'contact', 'newsletter'] as const;
export type FormName = (typeof formNames)[number];

export function isFormName(value: unknown): value is FormName {
  return typeof value === 'string' && (formNames as readonly string[]).includes(value);
}

/** The hidden field naming the form in a post, and the one carrying its anti-forgery token. */
export const FORM_FIELD = '_form';
export const TOKEN_FIELD = '_token';

/** Where the story and contact forms post (their own pages); the newsletter posts to the page it is on. */
export const formActions = { story: '/yourStory', contact: '/contact' } as const;

/** The confirmation page after a post was stored (post/redirect/get): nothing typed is in it. */
export const sentPath = (form: FormName) => `/sent/${form}`;

/**
 * A page the server renders in answer to a form post it refused: what was typed (never a file),
 * the server's messages per field (`form` for the whole form), and tokens for the next post.
 */
export interface ServerFormState {
  form: FormName;
  values: Record<string, string>;
  errors: Record<string, string[]>;
  /** The post carried a file that was not kept: the visitor must choose it again. */
  fileDropped: boolean;
  /** Per-form anti-forgery tokens tied to the visitor's XSRF cookie. */
  tokens: Partial<Record<FormName, string>>;
}
