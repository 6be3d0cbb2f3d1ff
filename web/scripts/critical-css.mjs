// Writes each route's first-screen CSS into its HTML page (docs/web-performance.md, "Styles in the page"): sets up a
// browser-like jsdom, runs the Node build of src/prerender/critical-css.tsx (vite.prerender.config.ts) on every route,
// and puts the rules at the head of the page as `<style data-emotion="css id1 id2 …">` (and each global style as
// `<style data-emotion="css-global name">`), the form emotion's server rendering uses and its browser cache takes over.
// Usage: node scripts/critical-css.mjs [DIST_DIR] (after vite build; default dist).
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

const { criticalCss, installMatchMedia, PRERENDER_URLS, STATIC_PATHS, usesMui } = await import(
  pathToFileURL(join(web, 'dist-prerender', 'critical-css.js')).href
);
installMatchMedia();

const escapeStyle = (css) => css.replace(/<\/style/gi, '<\\/style');
for (const [path, url] of PRERENDER_URLS) {
  const rendered = await criticalCss(url);
  const { ids, css, page } = rendered;
  // A page without MUI has no theme stylesheet in the browser: the prerender (which has MUI loaded once an earlier
  // route needed it) must not leave one in its HTML.
  const globals = usesMui(path) ? rendered.globals : [];
  const file = join(dist, path === '/' ? '' : path.slice(1), 'index.html');
  let html = readFileSync(file, 'utf8');
  // A page that is the same for everyone (an info page) is put into the app shell whole, so that the first paint is
  // the page as the app draws it: its largest text is painted then, and the app's render changes nothing on screen.
  if (STATIC_PATHS.includes(path)) {
    if (!page) throw new Error(`${path}: the prerender drew no page`);
    const begin = html.indexOf('<!--gequ:shell-->');
    const end = html.indexOf('<!--/gequ:shell-->');
    if (begin < 0 || end < begin) throw new Error(`${file} has no app shell markers`);
    html = html.slice(0, begin) + page + html.slice(end + '<!--/gequ:shell-->'.length);
    html = html.replace('class="gq-main gq-info"', 'class="gq-shell-page"');
  }
  if (html.includes('data-emotion="css ')) throw new Error(`${file} already has its styles`);
  // The global styles first: emotion puts them before the components' rules.
  const tags = [
    ...globals.map(([name, rules]) => `<style data-emotion="css-global ${name}">${escapeStyle(rules)}</style>`),
    ...(ids.length > 0 ? [`<style data-emotion="css ${ids.join(' ')}">${escapeStyle(css)}</style>`] : []),
  ];
  // A page without MUI (the music square) has no emotion styles: nothing to write.
  if (tags.length === 0) {
    writeFileSync(file, html);
    console.log(`${path}: no emotion styles`);
    continue;
  }
  // Before the app's own stylesheet (src/ui/ui.css, which scripts/route-pages.ts wrote into the page), as emotion puts
  // its styles first.
  const at = html.indexOf('<style>');
  if (at < 0) throw new Error(`${file} has no app stylesheet`);
  writeFileSync(file, `${html.slice(0, at)}${tags.join('\n    ')}\n    ${html.slice(at)}`);
  const globalKb = globals.reduce((n, [, rules]) => n + rules.length, 0) / 1024;
  console.log(`${path}: ${ids.length} rules, ${(css.length / 1024).toFixed(1)} KB; ${globals.length} global styles, ${globalKb.toFixed(1)} KB`);
}
process.exit(0);
