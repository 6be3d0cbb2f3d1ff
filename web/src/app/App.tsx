import { useState } from 'react';
import { BrowserRouter, useRoutes } from 'react-router';
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
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter basename="/">
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
