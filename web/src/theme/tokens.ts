// The layout's sizes, the breakpoints and the storage keys of the colour mode: plain values, shared by the MUI theme
// (theme.ts, loaded with the first page that uses MUI) and the app's own components (src/ui), which load without it.

/** The app layout switches between the side menu and the top bar + bottom tabs here (docs/web.md). */
export const APP_LAYOUT_BREAKPOINT = 1280;
/** Info pages use their larger layout above this width. */
export const INFO_LAYOUT_BREAKPOINT = 768;
export const SIDE_MENU_WIDTH = 248;
export const BOTTOM_TABS_HEIGHT = 56;

/** localStorage keys of the chosen colour mode (absent = follow the system). */
export const MODE_STORAGE_KEY = 'gequ-theme-mode';
export const COLOR_SCHEME_STORAGE_KEY = 'gequ-color-scheme';

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
