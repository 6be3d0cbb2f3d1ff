import { afterEach, describe, expect, it } from 'vitest';
import { setPrefersDark } from '../testing/match-media';
import { initColorScheme, MODE_KEY } from './init-color-scheme';
import { MODE_STORAGE_KEY } from './tokens';

describe('initColorScheme (before the app starts)', () => {
  afterEach(() => {
    document.documentElement.className = '';
  });

  it('reads the key the chosen mode is stored under', () => {
    expect(MODE_KEY).toBe(MODE_STORAGE_KEY);
  });

  it('uses the remembered choice, else the system preference', () => {
    window.localStorage.setItem(MODE_KEY, 'dark');
    initColorScheme();
    expect(document.documentElement.classList.contains('dark')).toBe(true);

    document.documentElement.className = '';
    window.localStorage.setItem(MODE_KEY, 'system');
    initColorScheme();
    expect(document.documentElement.classList.contains('light')).toBe(true);

    document.documentElement.className = '';
    setPrefersDark(true);
    initColorScheme();
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });
});
