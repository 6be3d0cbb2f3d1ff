import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useLayoutEffect } from 'react';
import { LoginDialogProvider } from '../features/auth/LoginDialogProvider';
import { PlayerProvider } from '../lib/player';
import { useToasterWanted } from '../lib/toast';
import { applyColorMode, useResolvedColorMode } from '../theme/color-scheme';

// notistack loads with the first toast (lib/toast.ts), so it stays out of the initial bundle.
const Toaster = lazy(() => import('./Toaster'));

function LazyToaster() {
  const wanted = useToasterWanted();
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

/** Keeps the colour scheme class of <html> on the mode in use (the system's can change while the page is open). */
function ColorModeSync() {
  const mode = useResolvedColorMode();
  useLayoutEffect(() => applyColorMode(), [mode]);
  return null;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The API client already told the user what went wrong; retrying would repeat the toast.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 15_000 },
      mutations: { retry: false },
    },
  });
}

/**
 * The colour mode (light/dark, following the system until chosen), server state, toasts, the
 * login dialog and the global audio.
 */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <>
      <ColorModeSync />
      <QueryClientProvider client={queryClient}>
        <LoginDialogProvider>
          <PlayerProvider>{children}</PlayerProvider>
        </LoginDialogProvider>
        <LazyToaster />
      </QueryClientProvider>
    </>
  );
}
