import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { TRPCClient } from '@trpc/client';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Router } from 'wouter';
import { ToastProvider } from './components/ui/toaster.tsx';
import { HeadProvider, type HeadData } from './lib/head.tsx';
import { ServerFormProvider, type ServerFormState } from './lib/server-form.tsx';
import { TRPCProvider, type AppRouter } from './lib/trpc.ts';
import { AppRoutes } from './routes.tsx';

interface AppProps {
  i18n: I18n;
  queryClient: QueryClient;
  trpcClient: TRPCClient<AppRouter>;
  /** The request path and query string when rendering on the server. */
  ssrPath?: string;
  ssrSearch?: string;
  /** Server only: collects the page's title, description, image and status. */
  head?: HeadData;
  /** On a page answering a refused form post: what was typed and the server's messages. */
  serverForm?: ServerFormState | null;
}

export function App({ i18n, queryClient, trpcClient, ssrPath, ssrSearch, head, serverForm }: AppProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <HeadProvider collector={head}>
            <ServerFormProvider state={serverForm}>
              <ToastProvider>
                <Router ssrPath={ssrPath} ssrSearch={ssrSearch}>
                  <AppRoutes />
                </Router>
              </ToastProvider>
            </ServerFormProvider>
          </HeadProvider>
        </TRPCProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
