import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Router } from 'wouter';
import { ToastProvider } from './components/ui/toaster.tsx';
import { AppRoutes } from './routes.tsx';
import { TRPCProvider, type makeTrpcClient } from './lib/trpc.ts';

export interface AppProps {
  i18n: I18n;
  queryClient: QueryClient;
  trpcClient: ReturnType<typeof makeTrpcClient>;
  /** The request path when rendering on the server. */
  ssrPath?: string;
  children?: ReactNode;
}

export function App({ i18n, queryClient, trpcClient, ssrPath }: AppProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <ToastProvider>
            <Router ssrPath={ssrPath}>
              <AppRoutes />
            </Router>
          </ToastProvider>
        </TRPCProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
