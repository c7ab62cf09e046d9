import { useTranslation } from 'react-i18next';

/** Public site routes (issue 4 builds the real screens). */
export function PublicApp() {
  const { t } = useTranslation();
  return (
    <main id="main" className="mx-auto max-w-3xl p-8">
      <h1 className="text-2xl font-bold">{t('siteName')}</h1>
    </main>
  );
}
