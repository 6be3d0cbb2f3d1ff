// The app's one MUI theme (docs/web.md, "Theme"): a light and a dark colour scheme written as CSS variables, switched by
// the `light`/`dark` class on <html> (theme/init-color-scheme.ts sets it before anything renders, MUI's ThemeProvider
// keeps it), the Material type scale with the phone's own Chinese fonts, and MUI's Chinese texts (mui-locale.ts).
// Because the colours are CSS variables, the markup and emotion's rules are the same in both schemes: the build renders
// each page once (src/prerender/pages.tsx) and the browser hydrates it in either.
import { createTheme } from '@mui/material/styles';
import { muiZhCN } from './mui-locale';
import { APP_LAYOUT_BREAKPOINT, INFO_LAYOUT_BREAKPOINT } from './tokens';

export const FONT_FAMILY = [
  '"PingFang SC"',
  '"Noto Sans CJK SC"',
  '"Noto Sans SC"',
  '"Microsoft YaHei"',
  '"WenQuanYi Micro Hei"',
  '"Hiragino Sans GB"',
  '-apple-system',
  'BlinkMacSystemFont',
  '"Segoe UI"',
  'Roboto',
  'sans-serif',
].join(', ');

// MUI's texts go in with the options rather than as createTheme's second argument, which deep-merges a full copy of
// the finished theme (tens of milliseconds of the app's start on a phone: docs/web-performance.md).
export const theme = createTheme({
  // The variables are named --mui-… (MUI's default prefix).
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: {
    light: {
      palette: {
        // main colours keep 4.5:1 contrast with white text and on the page background (WCAG AA).
        primary: { main: '#7444f5', light: '#b47cff', dark: '#3f1dcb', contrastText: '#ffffff' },
        secondary: { main: '#c2185b', light: '#ff77a9', dark: '#8c0032', contrastText: '#ffffff' },
        background: { default: '#f6f4fb', paper: '#ffffff' },
        text: { primary: '#1d1a26', secondary: '#5d5870' },
      },
    },
    dark: {
      palette: {
        primary: { main: '#b39dff', light: '#d4c6ff', dark: '#7c4dff', contrastText: '#160f2e' },
        secondary: { main: '#f48fb1', light: '#ffc1e3', dark: '#bf5f82', contrastText: '#2a0c18' },
        // MUI's dark red with white text is below 4.5:1: a lighter red with dark text (the delete confirmation).
        error: { main: '#ff8a80', light: '#ffbcaf', dark: '#c85a54', contrastText: '#2b0a08' },
        background: { default: '#100e17', paper: '#1b1826' },
        text: { primary: '#ece9f5', secondary: '#aaa4bd' },
      },
    },
  },
  breakpoints: {
    values: { xs: 0, sm: 600, md: INFO_LAYOUT_BREAKPOINT, lg: APP_LAYOUT_BREAKPOINT, xl: 1920 },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: FONT_FAMILY,
    h1: { fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.167, letterSpacing: '-0.01562em' },
    h2: { fontSize: '1.25rem', fontWeight: 700, lineHeight: 1.2 },
    h3: { fontSize: '1.1rem', fontWeight: 600, lineHeight: 1.167 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    ...muiZhCN.components,
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiPaper: { styleOverrides: { outlined: { borderRadius: 16 } } },
  },
});

// The theme has CSS variables (above): MUI's types then offer the props that go with them (ThemeProvider's
// disableStyleSheetGeneration, app/providers.tsx) and `theme.vars`.
declare module '@mui/material/styles' {
  interface CssThemeVariables {
    enabled: true;
  }
}
