import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRELOAD_WAIT_LIMIT_MS, preloadThenStart } from './preload-chunks';

const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')];

describe('preloadThenStart', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // jsdom knows no modulepreload; the browsers the app supports do.
    vi.spyOn(DOMTokenList.prototype, 'supports').mockImplementation((token) => token === 'modulepreload');
  });
  afterEach(() => {
    vi.useRealTimers();
    for (const link of preloads()) link.remove();
  });

  it('adds one preload per task, in order, and starts once every one has loaded or failed', async () => {
    const start = vi.fn();
    preloadThenStart(['/assets/a.js', '/assets/b.js', '/assets/c.js'], start);
    expect(preloads().map((link) => link.getAttribute('href'))).toEqual(['/assets/a.js']);
    // Under fake timers, a timer of no delay set by a timer runs a millisecond later.
    await vi.advanceTimersByTimeAsync(0);
    expect(preloads()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(preloads().map((link) => link.getAttribute('href'))).toEqual([
      '/assets/a.js',
      '/assets/b.js',
      '/assets/c.js',
    ]);
    expect(preloads().every((link) => link.crossOrigin === '')).toBe(true);
    const [a, b, c] = preloads();
    a.dispatchEvent(new Event('load'));
    c.dispatchEvent(new Event('error'));
    await vi.advanceTimersByTimeAsync(10);
    expect(start).not.toHaveBeenCalled();
    b.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(0);
    expect(start).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(PRELOAD_WAIT_LIMIT_MS);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts anyway when a chunk has not arrived within the limit', async () => {
    const start = vi.fn();
    preloadThenStart(['/assets/a.js', '/assets/b.js'], start);
    await vi.advanceTimersByTimeAsync(0);
    preloads()[0].dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(PRELOAD_WAIT_LIMIT_MS - 1);
    expect(start).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts at once when there is nothing to preload', async () => {
    const start = vi.fn();
    preloadThenStart([], start);
    await vi.advanceTimersByTimeAsync(0);
    expect(start).toHaveBeenCalledTimes(1);
    expect(preloads()).toEqual([]);
  });

  it('starts at once, adding no preload, in a browser without modulepreload', () => {
    vi.mocked(DOMTokenList.prototype.supports).mockReturnValue(false);
    const start = vi.fn();
    preloadThenStart(['/assets/a.js'], start);
    expect(start).toHaveBeenCalledTimes(1);
    expect(preloads()).toEqual([]);
  });
});
