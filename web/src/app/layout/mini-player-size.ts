/** The mini player bar's height (the layout keeps this much room under the page while it shows). */
export const MINI_PLAYER_HEIGHT = 64;
