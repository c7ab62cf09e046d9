import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { directionOf, isLanguage, type Language } from '../../shared/locale.ts';
import { applyLanguage } from './i18n.ts';

/** The current language, its direction, and a setter that remembers the choice. */
export function useLanguage() {
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const setLanguage = useCallback(
    (next: Language) => {
      void i18n.changeLanguage(next);
      applyLanguage(next);
    },
    [i18n],
  );
  return { language, dir: directionOf(language), setLanguage };
}
