import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { LoginDialogProvider } from '../features/auth/LoginDialogProvider';
import { PlayerProvider } from '../lib/player';
import { useToasterWanted } from '../lib/toast';
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
      // Every page of the production build carries the theme's CSS variables for both schemes
      // (`<style data-mui-globals>`, src/prerender/pages.tsx; gequ-server serves only those pages), so there the
      // provider need not make them again (theme/emotion.ts). The dev server's page, the build's own render and the
      // tests get them from it.
      disableStyleSheetGeneration={import.meta.env.PROD && !import.meta.env.SSR}
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
