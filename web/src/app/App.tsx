import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter, useRoutes } from 'react-router';
import { AppProviders, createQueryClient } from './providers';
import { routes } from './routes';

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The app: providers, then the routes in history mode with base '/'. Declarative routing (BrowserRouter +
 * useRoutes) keeps the router's data APIs, which the app does not use, out of the initial bundle. `client` is the
 * query client app/boot.tsx already started the route's requests with (a new one when absent, as in tests).
 */
export function App({ client }: { client?: QueryClient } = {}) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter basename="/">
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
