// Renders every route's page into its HTML (docs/web-performance.md, "Pages rendered by the build"): sets up the
// globals a browser has (jsdom), runs the Node build of src/prerender/pages.tsx (vite.prerender.config.ts) on each
// route, and writes into <route>/index.html its style tags (at the end of <head>) and, unless the page is drawn
// from its address's query (route-meta.ts `fromQuery`), the page's markup in place of the app shell inside #root,
// which the browser hydrates (app/start.tsx; `data-prerendered` on #root names the path it was rendered at).
// Usage: node scripts/prerender.mjs [DIST_DIR] (after vite build; default dist).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { JSDOM } from 'jsdom';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.argv[2] ?? join(web, 'dist');
process.env.NODE_ENV = 'production';

// The globals a browser has, from jsdom, before anything that checks for them is loaded (the app's modules may read
// window or localStorage; nothing is rendered into this document).
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

const { renderRoute, ROUTE_META } = await import(pathToFileURL(join(web, 'dist-prerender', 'pages.js')).href);

/** The end of the element that starts at `start` (a `<div …>`), by counting nested divs. */
function divEnd(html, start) {
  const tags = /<\/?div\b[^>]*>/g;
  tags.lastIndex = start;
  let depth = 0;
  for (let m = tags.exec(html); m; m = tags.exec(html)) {
    depth += m[0].startsWith('</') ? -1 : 1;
    if (depth === 0) return m.index + m[0].length;
  }
  throw new Error('unbalanced <div> in the page');
}

/**
 * The dark scheme's CSS variables again, under `prefers-color-scheme: dark` for a page whose <html> has no scheme
 * class yet: MUI's theme switches them by that class, which the entry sets (theme/init-color-scheme.ts), and a dark
 * phone would otherwise paint the prerendered page light until it runs.
 */
function darkBeforeClass(styles) {
  const dark = styles.match(/\.dark\s*\{([^}]*--mui-palette[^}]*)\}/);
  if (!dark) throw new Error('no .dark { --mui-palette… } block in the theme styles');
  return `<style>@media (prefers-color-scheme: dark){:root:not(.light){${dark[1]}}}</style>`;
}

for (const route of ROUTE_META) {
  const { html: markup, styles, templates } = await renderRoute(route.path);
  const file = join(dist, route.path === '/' ? '' : route.path.slice(1), 'index.html');
  let html = readFileSync(file, 'utf8');
  if (html.includes('data-mui-rules')) throw new Error(`${file} already has its styles`);
  html = html.replace('</head>', `    ${styles}\n    ${darkBeforeClass(styles)}\n  </head>`);
  if (!route.fromQuery) {
    const open = '<div id="root">';
    const start = html.indexOf(open);
    if (start < 0) throw new Error(`${file} has no <div id="root">`);
    const end = divEnd(html, start);
    html = `${html.slice(0, start)}<div id="root" data-prerendered="${route.path}">${markup}</div>${html.slice(end)}`;
  }
  // Markup the entry copies before the app runs (/mywork's first cards: src/lib/works-preview.ts), after #root.
  if (templates) html = html.replace('</body>', `  ${templates}\n  </body>`);
  writeFileSync(file, html);
  const kb = (text) => (Buffer.byteLength(text) / 1024).toFixed(1);
  console.log(`${route.path}: ${route.fromQuery ? 'shell' : `${kb(markup)} KB of markup`}, ${kb(styles)} KB of styles`);
}
process.exit(0);
