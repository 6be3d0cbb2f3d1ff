import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * The key of the app's emotion cache, the prefix of its class names: the build's render (src/prerender/pages.tsx) and
 * the browser (`createBrowserEmotionCache`) use the same one, so that the browser's render names the rules the page
 * carries.
 */
export const EMOTION_KEY = 'mui';

/**
 * The browser's emotion cache (docs/web-performance.md, "Material UI on a phone"). The rules the build rendered are in
 * the page already, in a `<style data-mui-rules="…">` that names them (src/prerender/pages.tsx): the cache counts
 * them as inserted, so the first render neither compiles nor inserts them, and its own rules go in a tag right after
 * that one, in the order emotion keeps. emotion's own way of taking over server-rendered tags inserts each of them
 * again into <head>, which makes the browser parse the whole sheet again and restyle the page.
 */
export function createBrowserEmotionCache(): EmotionCache {
  const page = document.querySelector<HTMLElement>('style[data-mui-rules]');
  const cache = createCache({ key: EMOTION_KEY, insertionPoint: page ?? undefined });
  for (const name of page?.dataset.muiRules?.split(' ') ?? []) cache.inserted[name] = true;
  return cache;
}
