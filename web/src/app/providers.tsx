import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { LoginDialogProvider } from '../features/auth/LoginDialogProvider';
import { PlayerProvider } from '../lib/player';
import { COLOR_SCHEME_STORAGE_KEY, MODE_STORAGE_KEY, theme } from '../theme/theme';

/** Toasts last 2 seconds (docs/web.md). */
export const TOAST_DURATION_MS = 2000;

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
        <SnackbarProvider
          maxSnack={3}
          autoHideDuration={TOAST_DURATION_MS}
          preventDuplicate
          anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        >
          <LoginDialogProvider>
            <PlayerProvider>{children}</PlayerProvider>
          </LoginDialogProvider>
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
