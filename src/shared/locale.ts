export const languages = ['en', 'fa'] as const;
export type Language = (typeof languages)[number];
export const fallbackLanguage: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'fa';
}

export function directionOf(language: Language): 'ltr' | 'rtl' {
  return language === 'fa' ? 'rtl' : 'ltr';
}

/** Picks en or fa from an explicit choice, else from an Accept-Language header, else English. */
export function pickLanguage(explicit: string | undefined | null, acceptLanguage?: string | null): Language {
  if (isLanguage(explicit)) return explicit;
  const preferred = acceptLanguage?.split(',')[0]?.trim().toLowerCase() ?? '';
  return preferred.startsWith('fa') ? 'fa' : fallbackLanguage;
}
