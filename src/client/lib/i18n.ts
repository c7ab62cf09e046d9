import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { directionOf, fallbackLanguage, isLanguage, type Language } from '../../shared/locale.ts';
import type enStrings from '../locales/en.ts';

/** The common and public namespaces of one language (the admin one is added by pages/admin/admin-i18n.ts). */
type LanguageStrings = typeof enStrings;
type Resources = Partial<Record<Language, LanguageStrings>>;

/**
 * One chunk per language, imported on demand: a visitor downloads the strings of the language
 * they read, not both. The server bundles both statically (entry-server.tsx).
 */
const loaders: Record<Language, () => Promise<{ default: LanguageStrings }>> = {
  en: () => import('../locales/en.ts'),
  fa: () => import('../locales/fa.ts'),
};

/** The source of each language's chunk, as Vite's manifest names it (the server preloads it). */
export const languageModule = (language: Language) => `src/client/locales/${language}.ts`;

export function loadLanguageStrings(language: Language): Promise<LanguageStrings> {
  return loaders[language]().then((module) => module.default);
}

/** Adds a language's strings to a running instance, fetching them the first time. */
export async function ensureLanguage(i18n: I18n, language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'public')) return;
  const strings = await loadLanguageStrings(language);
  i18n.addResourceBundle(language, 'common', strings.common, true, true);
  i18n.addResourceBundle(language, 'public', strings.public, true, true);
}

const LANGUAGE_STORAGE_KEY = 'lang';

/**
 * A fresh i18next instance with the given strings, ready at once (no backend, so a namespace
 * counts as loaded and nothing suspends). Switch languages with ensureLanguage first.
 */
export function createI18n(language: Language, resources: Resources): I18n {
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
