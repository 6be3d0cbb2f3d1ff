// The session hint (docs/web-performance.md, "My works before the app"): the entry (main.tsx) marks <html> with
// `gq-no-token` when no login token is stored, so a page the build rendered with both its visitor and its signed-in
// state (ui.css `.gq-session`) shows the right one from its first paint, before the app runs. It is only a hint: a
// stored token may have expired, and the page shows the real state once the profile has answered.

/** The class on <html> when no login token is stored. */
export const NO_TOKEN_CLASS = 'gq-no-token';

export const markSessionHint = (token: string | null): void => {
  document.documentElement.classList.toggle(NO_TOKEN_CLASS, !token);
};
