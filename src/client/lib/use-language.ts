import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { directionOf, isLanguage, type Language } from '../../shared/locale.ts';
import { applyLanguage, ensureLanguage } from './i18n.ts';

/** The last language asked for: a slow download must not override a later click. */
let requested: Language | null = null;

/** The current language, its direction, and a setter that remembers the choice. */
export function useLanguage() {
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const setLanguage = useCallback(
    (next: Language) => {
      requested = next;
      // The other language's strings arrive first, so the switch never shows raw keys.
      ensureLanguage(i18n, next).then(
        () => {
          if (requested !== next) return;
          void i18n.changeLanguage(next);
          applyLanguage(next);
        },
        () => {
          /* offline: stay in the current language; the button can be pressed again */
        },
      );
    },
    [i18n],
  );
  return { language, dir: directionOf(language), setLanguage };
}
