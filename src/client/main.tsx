import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import superjson from 'superjson';
import { isLanguage } from '../shared/locale.ts';
import { App } from './app.tsx';
import { applyLanguage, createI18n, initialBrowserLanguage } from './lib/i18n.ts';
import { makeQueryClient, makeTrpcClient } from './lib/trpc.ts';
import './styles.css';

const root = document.getElementById('root')!;
const serverRendered = document.documentElement.dataset.ssr === '1';
// A server-rendered page was rendered in a language; hydrating in another would not match it.
const ssrLanguage = document.documentElement.lang;
const language = serverRendered && isLanguage(ssrLanguage) ? ssrLanguage : initialBrowserLanguage();
const i18n = createI18n(language);
applyLanguage(language);
const queryClient = makeQueryClient();
const trpcClient = makeTrpcClient(() => i18n.language);

const state = document.getElementById('__STATE__')?.textContent;
if (state) hydrate(queryClient, superjson.parse(state));

const app = (
  <StrictMode>
    <App i18n={i18n} queryClient={queryClient} trpcClient={trpcClient} />
  </StrictMode>
);
if (serverRendered && root.firstChild) hydrateRoot(root, app);
else createRoot(root).render(app);
