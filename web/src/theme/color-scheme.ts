// The colour mode (light, dark, or the system's until the user chooses): remembered in localStorage and put on <html>
// as a class, which src/ui/ui.css follows (docs/web-performance.md, "The pages without MUI").
import { useSyncExternalStore } from 'react';
import { MODE_STORAGE_KEY } from './tokens';

export type ColorMode = 'light' | 'dark' | 'system';

/** Fired on window when this page changes a stored key (the `storage` event only reaches other pages). */
const CHANGE_EVENT = 'gequ-storage';
const DARK_QUERY = '(prefers-color-scheme: dark)';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage may be unavailable (privacy modes)
  }
}

function write(key: string, value: string): void {
  if (read(key) === value) return;
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // unavailable: the choice lasts as long as the page
  }
  window.dispatchEvent(new CustomEvent(CHANGE_EVENT, { detail: { key, value } }));
}

function subscribeKey(key: string, handler: (value: string | null) => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === key) handler(event.newValue);
  };
  const onChange = (event: Event) => {
    const { detail } = event as CustomEvent<{ key: string; value: string }>;
    if (detail.key === key) handler(detail.value);
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

function storedMode(): ColorMode {
  const mode = read(MODE_STORAGE_KEY);
  return mode === 'light' || mode === 'dark' ? mode : 'system';
}

function systemDark(): boolean {
  return !!window.matchMedia?.(DARK_QUERY).matches;
}

/** The mode in use: the chosen one, else the system's. */
export function resolvedColorMode(): 'light' | 'dark' {
  const mode = storedMode();
  return mode === 'system' ? (systemDark() ? 'dark' : 'light') : mode;
}

/** Chooses a mode, remembers it, and puts its class on <html> (the stylesheets follow that class). */
export function setColorMode(mode: ColorMode): void {
  write(MODE_STORAGE_KEY, mode);
  applyColorMode();
}

/** Puts the class of the mode in use (light or dark) on <html>. */
export function applyColorMode(root: HTMLElement = document.documentElement): void {
  const resolved = resolvedColorMode();
  root.classList.remove(resolved === 'dark' ? 'light' : 'dark');
  root.classList.add(resolved);
}

/** Calls `onChange` when the mode in use may have changed: a choice in this page or another tab, or the system's. */
export function subscribeColorMode(onChange: () => void): () => void {
  const stopKey = subscribeKey(MODE_STORAGE_KEY, onChange);
  const media = window.matchMedia?.(DARK_QUERY);
  media?.addEventListener?.('change', onChange);
  return () => {
    stopKey();
    media?.removeEventListener?.('change', onChange);
  };
}

/** The mode in use, re-rendering when it changes (the toggle, another tab, or the system while nothing is chosen). */
export function useResolvedColorMode(): 'light' | 'dark' {
  return useSyncExternalStore(subscribeColorMode, resolvedColorMode, () => 'light');
}
