import type { i18n as I18n } from 'i18next';
import { directionOf, isLanguage, type Language } from '../../shared/locale.ts';
import { applyLanguage, ensureLanguage } from './i18n.ts';
import { useTranslation } from './use-translation.ts';

/** The last language asked for: a slow download must not override a later click. */
let requested: Language | null = null;

/** One setter per instance, made once: every card of a page asks for the language. */
const setters = new WeakMap<I18n, (next: Language) => void>();

function setterOf(i18n: I18n): (next: Language) => void {
  let setLanguage = setters.get(i18n);
  if (!setLanguage) {
    setLanguage = (next: Language) => {
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
    };
    setters.set(i18n, setLanguage);
  }
  return setLanguage;
}

/** The current language, its direction, and a setter that remembers the choice. */
export function useLanguage() {
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  return { language, dir: directionOf(language), setLanguage: setterOf(i18n) };
}
