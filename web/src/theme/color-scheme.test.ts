import { afterEach, describe, expect, it, vi } from 'vitest';
import { setPrefersDark } from '../testing/match-media';
import { applyColorMode, resolvedColorMode, setColorMode, subscribeColorMode } from './color-scheme';
import { MODE_STORAGE_KEY } from './tokens';

describe('colour mode', () => {
  afterEach(() => {
    document.documentElement.className = '';
  });

  it('follows the system until a mode is chosen, then keeps the choice', () => {
    setPrefersDark(true);
    expect(resolvedColorMode()).toBe('dark');
    applyColorMode();
    expect(document.documentElement.className).toBe('dark');

    setColorMode('light');
    expect(window.localStorage.getItem(MODE_STORAGE_KEY)).toBe('light');
    expect(resolvedColorMode()).toBe('light');
    expect(document.documentElement.className).toBe('light');

    setColorMode('system');
    expect(document.documentElement.className).toBe('dark');
  });

  it('tells its listeners of a choice made in this page, once', () => {
    const heard = vi.fn();
    const stop = subscribeColorMode(heard);
    setColorMode('dark');
    setColorMode('dark');
    expect(heard).toHaveBeenCalledTimes(1);
    expect(resolvedColorMode()).toBe('dark');
    stop();
    setColorMode('light');
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('hears another tab through the storage event', () => {
    const heard = vi.fn();
    const stop = subscribeColorMode(heard);
    window.dispatchEvent(new StorageEvent('storage', { key: MODE_STORAGE_KEY, newValue: 'light' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'other', newValue: 'x' }));
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
  });
});
