import { useTranslation } from 'react-i18next';
import { languages } from '../../../shared/locale.ts';
import { useLanguage } from '../../lib/use-language.ts';

/** The En and فا buttons; the choice is remembered and sets <html lang dir>. */
export function LanguageSwitcher({ tone = 'light', className = '' }: { tone?: 'light' | 'dark'; className?: string }) {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  const look = (active: boolean) =>
    tone === 'dark'
      ? active
        ? 'bg-white text-plum-900'
        : 'text-white hover:bg-white/15'
      : active
        ? 'bg-plum-800 text-white'
        : 'text-stone-800 hover:bg-plum-50 hover:text-plum-800';
  return (
    <div role="group" aria-label={t('languages.label')} className={`flex items-center gap-1 ${className}`} data-testid="language-switcher">
      {languages.map((code) => (
        <button
          key={code}
          type="button"
          lang={code}
          aria-pressed={language === code}
          onClick={() => setLanguage(code)}
          title={t(`languageNames.${code}`)}
          // The other language's label in system fonts: "فا" alone must not make an English page download a font.
          className={`inline-flex h-8 min-w-10 items-center justify-center rounded-full px-3 text-sm leading-none font-semibold ${language === code ? '' : 'font-system'} ${look(language === code)}`}
          data-testid={`lang-${code}`}
        >
          {t(`languages.${code}`)}
        </button>
      ))}
    </div>
  );
}
