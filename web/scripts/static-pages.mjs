// Draws the pages that are the same for everyone (the info pages, the create form) into their route's HTML (docs/web-performance.md,
// "Pages drawn into the shell"): sets up a browser-like jsdom, runs the Node build of src/prerender/static-pages.tsx
// (vite.prerender.config.ts) on each, and puts the page's markup where the app shell draws the heading.
// Usage: node scripts/static-pages.mjs [DIST_DIR] (after vite build; default dist).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { JSDOM } from 'jsdom';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.argv[2] ?? join(web, 'dist');
process.env.NODE_ENV = 'production';

// The globals a browser has, from jsdom, before anything that checks for them is loaded.
const dom = new JSDOM('<!doctype html><html lang="zh-CN"><head></head><body></body></html>', {
  url: 'http://localhost/',
  pretendToBeVisual: true,
});
const { window } = dom;
for (const key of Object.getOwnPropertyNames(window)) {
  if (!(key in globalThis)) {
    try {
      globalThis[key] = window[key];
    } catch {
      // read-only in Node (e.g. crypto): Node's own is fine
    }
  }
}
globalThis.window = window;
globalThis.document = window.document;
Object.defineProperty(globalThis, 'navigator', { value: window.navigator, configurable: true });
window.scrollTo = () => {};
window.HTMLMediaElement.prototype.load = () => {};
window.HTMLMediaElement.prototype.pause = () => {};
window.HTMLMediaElement.prototype.play = () => Promise.resolve();

const { renderPage, installMatchMedia, STATIC_PATHS } = await import(
  pathToFileURL(join(web, 'dist-prerender', 'static-pages.js')).href
);
installMatchMedia();

for (const path of STATIC_PATHS) {
  const page = await renderPage(path);
  if (!page) throw new Error(`${path}: the prerender drew no page`);
  const file = join(dist, path === '/' ? '' : path.slice(1), 'index.html');
  let html = readFileSync(file, 'utf8');
  // The page as the app draws it replaces the shell's heading: its largest text is painted at the first paint, and
  // the app's render changes nothing on screen.
  const begin = html.indexOf('<!--gequ:shell-->');
  const end = html.indexOf('<!--/gequ:shell-->');
  if (begin < 0 || end < begin) throw new Error(`${file} has no app shell markers`);
  html = html.slice(0, begin) + page + html.slice(end + '<!--/gequ:shell-->'.length);
  // A drawn form is inert until the app replaces it: nothing can be typed into it and lost.
  const inert = /<(input|textarea|select)\b/.test(page) ? ' inert' : '';
  const main = /<div class="gq-main( gq-info)?">/;
  if (!main.test(html)) throw new Error(`${file} has no app shell main`);
  html = html.replace(main, `<div class="gq-shell-page"${inert}>`);
  writeFileSync(file, html);
  console.log(`${path}: drawn into the shell (${(Buffer.byteLength(page) / 1024).toFixed(1)} KB of markup)`);
}
process.exit(0);
