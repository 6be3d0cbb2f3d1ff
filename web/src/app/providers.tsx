import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { LoginDialogProvider } from '../features/auth/LoginDialogProvider';
import { PlayerProvider } from '../lib/player';
import { useToasterWanted } from '../lib/toast';
import { pageHasThemeVariables } from '../theme/emotion';
import { theme } from '../theme/theme';
import { COLOR_SCHEME_STORAGE_KEY, MODE_STORAGE_KEY } from '../theme/tokens';

// The toasts (MUI's Snackbar through notistack) load with the first toast (lib/toast.ts), so they stay out of the
// initial bundle.
const Toaster = lazy(() => import('./Toaster'));

function LazyToaster() {
  const wanted = useToasterWanted();
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

// The page the build wrote carries the theme's CSS variables for both schemes (src/prerender/pages.tsx), so the
// ThemeProvider need not make them again (theme/emotion.ts); a page without them (the dev server's) gets them from it.
const themeVariablesInPage = typeof document !== 'undefined' && pageHasThemeVariables();

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
 * The MUI theme (light/dark as CSS variables, following the system until chosen: theme/theme.ts), server state,
 * toasts, the login dialog and the global audio. The base styles MUI's CssBaseline would add are in src/ui/ui.css,
 * which the page carries before any JavaScript runs (the app shell uses them).
 */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <ThemeProvider
      theme={theme}
      defaultMode="system"
      modeStorageKey={MODE_STORAGE_KEY}
      colorSchemeStorageKey={COLOR_SCHEME_STORAGE_KEY}
      disableTransitionOnChange
      disableStyleSheetGeneration={themeVariablesInPage}
      noSsr
    >
      <QueryClientProvider client={queryClient}>
        <LoginDialogProvider>
          <PlayerProvider>{children}</PlayerProvider>
        </LoginDialogProvider>
        <LazyToaster />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
