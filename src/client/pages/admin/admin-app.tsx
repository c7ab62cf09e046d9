import { useTranslation } from 'react-i18next';

/** Admin routes: /login, /setup and /admin/* (issue 5 builds the real screens). */
export default function AdminApp() {
  const { t } = useTranslation();
  return (
    <main id="main" className="mx-auto max-w-3xl p-8">
      <h1 className="text-2xl font-bold">{t('siteName')}</h1>
    </main>
  );
}
