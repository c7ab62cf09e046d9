import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { applyLanguage, createI18n, initialBrowserLanguage } from './lib/i18n.ts';
import { makeQueryClient, makeTrpcClient } from './lib/trpc.ts';
import './styles.css';

const language = initialBrowserLanguage();
const i18n = createI18n(language);
applyLanguage(language);
const queryClient = makeQueryClient();
const trpcClient = makeTrpcClient(() => i18n.language);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App i18n={i18n} queryClient={queryClient} trpcClient={trpcClient} />
  </StrictMode>,
);
