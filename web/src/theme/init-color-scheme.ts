// Runs first in the entry (main.tsx): puts the colour scheme class (light or dark) on <html> before anything renders,
// so the app shell of index.html and the first render use the remembered choice.
// (The Content-Security-Policy forbids inline scripts, so this cannot live in index.html; until it runs the shell
// follows the system preference through CSS.)

/** theme.ts's MODE_STORAGE_KEY, repeated so that the entry shares no module with the app (vite.config.ts). */
export const MODE_KEY = 'gequ-theme-mode';

export function initColorScheme(root: HTMLElement = document.documentElement): void {
  let mode: string | null = null;
  try {
    mode = localStorage.getItem(MODE_KEY);
  } catch {
    // Storage may be unavailable (privacy modes): follow the system.
  }
  const dark = mode === 'dark' || (mode !== 'light' && !!window.matchMedia?.('(prefers-color-scheme: dark)').matches);
  // The entry runs once per page, on an <html> without a scheme class.
  root.classList.add(dark ? 'dark' : 'light');
}
