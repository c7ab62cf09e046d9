export const languages = ['en', 'fa'] as const;
export type Language = (typeof languages)[number];
export const fallbackLanguage: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'fa';
}

export const otherLanguage = (language: Language): Language => (language === 'fa' ? 'en' : 'fa');

export function directionOf(language: Language): 'ltr' | 'rtl' {
  return language === 'fa' ? 'rtl' : 'ltr';
}

/** Picks en or fa from an explicit choice, else from an Accept-Language header, else English. */
export function pickLanguage(explicit: string | undefined | null, acceptLanguage?: string | null): Language {
  if (isLanguage(explicit)) return explicit;
  const preferred = acceptLanguage?.split(',')[0]?.trim().toLowerCase() ?? '';
  return preferred.startsWith('fa') ? 'fa' : fallbackLanguage;
}

/** What a request says about its language, each possibly absent or not a site language. */
export interface LanguageHints {
  /** `?lang=` in the address: the link the reader followed (a shared link, a language switch). */
  query?: string | null;
  /** `X-Lang`: the language the page's script is showing, sent with each of its calls. */
  header?: string | null;
  /** The `lang` cookie: the choice the reader made before, remembered by the browser. */
  cookie?: string | null;
  /** `Accept-Language`: the browser's default, used only when nothing above names a language. */
  acceptLanguage?: string | null;
}

/**
 * The language of a request, decided in this one order: `?lang`, `X-Lang`, the `lang` cookie,
 * then Accept-Language, else English. A hint that is not exactly a site language is skipped.
 * The server renderer, the procedure context and the response cache's key all use this, so a
 * cached answer is only ever replayed to a request that would have been answered in its language.
 */
export function decideLanguage(hints: LanguageHints): Language {
  for (const hint of [hints.query, hints.header, hints.cookie]) if (isLanguage(hint)) return hint;
  return pickLanguage(undefined, hints.acceptLanguage);
}
