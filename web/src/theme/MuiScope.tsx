// MUI's theme, for the parts of the app that use MUI: the pay, points-record, redeem and 继续创作 dialogs. The app's
// frame, every page, the login dialog and the mini player render without MUI (src/ui), so MUI, its styling engine and the
// theme load only with the first part that needs them (./mui-loader.ts; docs/web-performance.md, "The pages without
// MUI").
import { ThemeProvider } from '@mui/material/styles';
import type { ComponentType, ReactNode } from 'react';
import { colorModeStorage } from './color-scheme';
import { theme } from './theme';
import { COLOR_SCHEME_STORAGE_KEY, MODE_STORAGE_KEY } from './tokens';

const common = {
  theme,
  defaultMode: 'system',
  modeStorageKey: MODE_STORAGE_KEY,
  colorSchemeStorageKey: COLOR_SCHEME_STORAGE_KEY,
  // The menu's toggle (src/ui) and every provider of the page share the choice through this (theme/color-scheme.ts).
  storageManager: colorModeStorage,
  disableTransitionOnChange: true,
} as const;

// ThemeProvider hands this on to MUI's CssVarsProvider, though its props type does not list it.
const noStyleSheet = { disableStyleSheetGeneration: true } as object;

/**
 * The theme for a part of the page that uses MUI. Several can be mounted at once (two dialogs);
 * the theme's CSS variables are written once, by MuiSheet.
 */
export function MuiScope({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider {...common} {...noStyleSheet}>
      {children}
    </ThemeProvider>
  );
}

/** The theme's CSS variables (light and dark), mounted once at the app's root as soon as MUI has loaded. */
export function MuiSheet() {
  return <ThemeProvider {...common}>{null}</ThemeProvider>;
}

/** `Component` inside its own MuiScope. */
export function withMuiScope<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function Scoped(props: P) {
    return (
      <MuiScope>
        <Component {...props} />
      </MuiScope>
    );
  }
  Scoped.displayName = `MuiScope(${Component.displayName ?? Component.name})`;
  return Scoped;
}
