import { useEffect, useState } from 'react';
import { BrowserRouter, useRoutes } from 'react-router';
import { announceHydrated } from '../lib/early-clicks';
import { AppProviders, createQueryClient } from './providers';
import { routes } from './routes';

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The app: providers, then the routes in history mode with base '/'. Declarative routing (BrowserRouter +
 * useRoutes) keeps the router's data APIs, which the app does not use, out of the initial bundle.
 */
export function App() {
  const [queryClient] = useState(createQueryClient);
  // Clicks held since the page painted are answered now that it has hydrated (lib/early-clicks.ts).
  useEffect(() => announceHydrated(document.getElementById('root')), []);
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter basename="/">
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
