import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * The key of the app's emotion cache, the prefix of its class names: the build's render (src/prerender/pages.tsx) and
 * the browser (`createBrowserEmotionCache`) use the same one, so that the browser's render names the rules the page
 * carries.
 */
export const EMOTION_KEY = 'mui';

/** The attribute of the page's `<style>` holding the build's rules; its value lists their names. */
export const PAGE_RULES_ATTRIBUTE = 'data-mui-rules';
/** The attribute of the page's `<style>` holding MUI's global styles (the theme's CSS variables). */
export const PAGE_GLOBALS_ATTRIBUTE = 'data-mui-globals';

/** Whether the page carries the theme's CSS variables (written by the build: src/prerender/pages.tsx). */
export function pageHasThemeVariables(doc: Document = document): boolean {
  return doc.querySelector(`style[${PAGE_GLOBALS_ATTRIBUTE}]`) !== null;
}

/**
 * The browser's emotion cache (docs/web-performance.md, "Material UI on a phone"). The rules the build rendered are in
 * the page already, in a `<style>` that names them: the cache counts them as inserted, so the first render neither
 * compiles nor inserts them, and its own rules go in a tag right after that one, in the order emotion keeps. emotion's
 * own way of taking over server-rendered tags inserts each of them again into <head>, which makes the browser parse
 * the whole sheet again and restyle the page.
 */
export function createBrowserEmotionCache(doc: Document = document): EmotionCache {
  const page = doc.querySelector(`style[${PAGE_RULES_ATTRIBUTE}]`);
  const cache = createCache({
    key: EMOTION_KEY,
    ...(page instanceof HTMLElement ? { insertionPoint: page } : {}),
  });
  for (const name of page?.getAttribute(PAGE_RULES_ATTRIBUTE)?.split(' ') ?? []) {
    if (name) cache.inserted[name] = true;
  }
  return cache;
}
