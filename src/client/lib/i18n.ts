import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { directionOf, fallbackLanguage, isLanguage, type Language } from '../../shared/locale.ts';
import enCommon from '../locales/en/common.json' with { type: 'json' };
import enPublic from '../locales/en/public.json' with { type: 'json' };
import faCommon from '../locales/fa/common.json' with { type: 'json' };
import faPublic from '../locales/fa/public.json' with { type: 'json' };

/** The admin namespace is not here: pages/admin/admin-i18n.ts adds it from the admin chunk. */
export const resources = {
  en: { common: enCommon, public: enPublic },
  fa: { common: faCommon, public: faPublic },
} as const;

export const LANGUAGE_STORAGE_KEY = 'lang';

/** A fresh i18next instance (one per render on the server later; one per page in the browser). */
export function createI18n(language: Language): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: fallbackLanguage,
    supportedLngs: ['en', 'fa'],
    ns: ['common', 'public', 'admin'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

/** The language a visitor chose before (?lang=, then the remembered choice), else English. */
export function initialBrowserLanguage(): Language {
  if (typeof window === 'undefined') return fallbackLanguage;
  const fromUrl = new URLSearchParams(window.location.search).get('lang');
  if (isLanguage(fromUrl)) return fromUrl;
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    /* storage can be disabled; the default is fine */
  }
  const cookie = document.cookie.match(/(?:^|;\s*)lang=(en|fa)/)?.[1];
  return isLanguage(cookie) ? cookie : fallbackLanguage;
}

/** Remembers the choice (storage and a cookie the server can read) and sets <html lang dir>. */
export function applyLanguage(language: Language): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    /* ignore */
  }
  document.cookie = `lang=${language}; path=/; max-age=31536000; samesite=lax`;
}
