// The layout's sizes and the storage key of the colour mode: plain values for the app's components (src/ui.css has
// the same sizes in its media queries and boxes).

/** The app layout switches between the side menu and the top bar + bottom tabs here (docs/web.md). */
export const APP_LAYOUT_BREAKPOINT = 1280;
export const BOTTOM_TABS_HEIGHT = 56;

/** localStorage key of the chosen colour mode (absent = follow the system). */
export const MODE_STORAGE_KEY = 'gequ-theme-mode';
