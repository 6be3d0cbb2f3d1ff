import { afterEach, describe, expect, it } from 'vitest';
import { createBrowserEmotionCache, EMOTION_KEY } from './emotion';

afterEach(() => {
  document.head.replaceChildren();
});

/** A <head> as the build writes it (src/prerender/pages.tsx): the app's CSS, MUI's globals, the rules, one more. */
function pageHead() {
  document.head.innerHTML =
    '<style id="app">body{margin:0}</style>' +
    '<style data-mui-globals="">:root{--mui-spacing:8px}</style>' +
    `<style data-mui-rules="abc def">.${EMOTION_KEY}-abc{color:red}.${EMOTION_KEY}-def{color:blue}</style>` +
    '<style id="after">a{color:inherit}</style>';
  return [...document.head.children];
}

describe('the browser emotion cache', () => {
  it("counts the page's rules as inserted and leaves every tag where it is", () => {
    const before = pageHead();
    const cache = createBrowserEmotionCache();
    expect(cache.key).toBe(EMOTION_KEY);
    expect(cache.inserted).toMatchObject({ abc: true, def: true });
    expect([...document.head.children]).toEqual(before);
  });

  it("puts its own rules in a tag right after the page's rules", () => {
    pageHead();
    const cache = createBrowserEmotionCache();
    cache.sheet.insert(`.${EMOTION_KEY}-xyz{color:green}`);
    const tags = [...document.head.children];
    const rules = document.head.querySelector('style[data-mui-rules]');
    expect(tags).toHaveLength(5);
    expect(tags.indexOf(cache.sheet.tags[0])).toBe(tags.indexOf(rules!) + 1);
  });

  it("works on a page without the build's styles (the dev server)", () => {
    document.head.innerHTML = '<style id="app">body{margin:0}</style>';
    const cache = createBrowserEmotionCache();
    expect(Object.keys(cache.inserted)).toEqual([]);
  });
});
