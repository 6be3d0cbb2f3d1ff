// The layout's sizes and the storage key of the colour mode: plain values shared by the theme (theme.ts), the app's
// components and src/ui/ui.css (which has the same sizes in its media queries and the app shell's boxes).

/** The app layout switches between the side menu and the top bar + bottom tabs here (docs/web.md). */
export const APP_LAYOUT_BREAKPOINT = 1280;
/** Info pages use their larger layout above this width. */
export const INFO_LAYOUT_BREAKPOINT = 768;
export const SIDE_MENU_WIDTH = 248;
export const BOTTOM_TABS_HEIGHT = 56;

/** localStorage key of the chosen colour mode ('light', 'dark' or 'system'; absent = follow the system). */
export const MODE_STORAGE_KEY = 'gequ-theme-mode';
/** localStorage key prefix MUI keeps the light and dark scheme names under (one scheme each here). */
export const COLOR_SCHEME_STORAGE_KEY = 'gequ-color-scheme';
