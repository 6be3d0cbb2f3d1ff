import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { LoginDialogProvider } from '../features/auth/LoginDialogProvider';
import { PlayerProvider } from '../lib/player';
import { useToasterWanted } from '../lib/toast';
import { COLOR_SCHEME_STORAGE_KEY, MODE_STORAGE_KEY, theme } from '../theme/theme';

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

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The API client already told the user what went wrong; retrying would repeat the toast.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 15_000 },
      mutations: { retry: false },
    },
  });
}

/** Theme (light/dark, following the system until chosen), server state, toasts, the login dialog and the global audio. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <ThemeProvider
      theme={theme}
      defaultMode="system"
      modeStorageKey={MODE_STORAGE_KEY}
      colorSchemeStorageKey={COLOR_SCHEME_STORAGE_KEY}
      disableTransitionOnChange
    >
      <CssBaseline enableColorScheme />
      <QueryClientProvider client={queryClient}>
        <LoginDialogProvider>
          <PlayerProvider>{children}</PlayerProvider>
        </LoginDialogProvider>
        <LazyToaster />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
