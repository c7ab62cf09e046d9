import type { MouseEvent } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { languages, type Language } from '../../../shared/locale.ts';
import { useAddressWithoutSearch } from '../../lib/search.ts';
import { useLanguage } from '../../lib/use-language.ts';

/**
 * The current address with `?lang=` set: the server renders it in that language and remembers the
 * choice. A search's words are left out (a search is posted; with JavaScript the switch keeps it).
 */
export function useLanguageHref(): (code: Language) => string {
  const { path, search } = useAddressWithoutSearch();
  return (code) => {
    const params = new URLSearchParams(search);
    params.set('lang', code);
    return `${path}?${params.toString()}`;
  };
}

/**
 * The En and فا links. Without JavaScript each is an ordinary link (`?lang=fa` on the current page),
 * which the server answers in that language while setting the language cookie, so the next page
 * stays in it. With JavaScript the switch happens in place, remembered the same way.
 */
export function LanguageSwitcher({ tone = 'light', className = '' }: { tone?: 'light' | 'dark'; className?: string }) {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  const hrefFor = useLanguageHref();
  const look = (active: boolean) =>
    tone === 'dark'
      ? active
        ? 'bg-white text-plum-900'
        : 'text-white hover:bg-white/15'
      : active
        ? 'bg-plum-800 text-white'
        : 'text-stone-800 hover:bg-plum-50 hover:text-plum-800';
  const switchInPlace = (code: Language) => (event: MouseEvent) => {
    // A new tab or window (modifier keys) opens the link as it is.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    setLanguage(code);
  };
  return (
    <div role="group" aria-label={t('languages.label')} className={`flex items-center gap-1 ${className}`} data-testid="language-switcher">
      {languages.map((code) => (
        <a
          key={code}
          href={hrefFor(code)}
          lang={code}
          hrefLang={code}
          aria-current={language === code ? 'true' : undefined}
          onClick={switchInPlace(code)}
          title={t(`languageNames.${code}`)}
          // The other language's label in system fonts: "فا" alone must not make an English page download a font.
          className={`inline-flex h-8 min-w-10 items-center justify-center rounded-full px-3 text-sm leading-none font-semibold ${language === code ? '' : 'font-system'} ${look(language === code)}`}
          data-testid={`lang-${code}`}
        >
          {t(`languages.${code}`)}
        </a>
      ))}
    </div>
  );
}
