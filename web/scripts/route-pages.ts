// A Vite build plugin (docs/web-performance.md): from the built index.html it writes one page per route of
// src/app/route-meta.ts, <route>/index.html, which gequ-server serves for that route (adapters/http/src/files.cpp).
// Each page carries the route's title, meta description and Open Graph text, the heading the app shell paints before
// JavaScript runs, and <link rel="modulepreload"> for the app's chunks (app/boot.tsx, which the entry imports after the
// first paint) and the route's own chunk with what it imports, so all of it downloads in parallel with the entry
// instead of one after the other.
import type { Plugin, Rollup } from 'vite';
import { ROUTE_META, type RouteMeta } from '../src/app/route-meta';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

function between(html: string, begin: string, end: string, replacement: string): string {
  const start = html.indexOf(begin);
  const stop = html.indexOf(end, start);
  if (start < 0 || stop < 0) throw new Error(`index.html lacks the ${begin} … ${end} markers`);
  return html.slice(0, start + begin.length) + replacement + html.slice(stop);
}

function metaBlock(route: RouteMeta): string {
  const title = escapeHtml(route.title);
  const description = escapeHtml(route.description);
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    '<meta property="og:type" content="website" />',
    '<meta property="og:site_name" content="歌曲" />',
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    '<meta property="og:image" content="/icons/icon-512.png" />',
  ].join('\n    ');
}

function shellBlock(route: RouteMeta): string {
  const subtitle = route.subtitle ? `<p>${escapeHtml(route.subtitle)}</p>` : '';
  const square = route.square
    ? `<div class="gq-square" aria-hidden="true"><div class="gq-search-row"><div class="gq-search">` +
      `${escapeHtml(route.square.search)}</div><div class="gq-search-go">${escapeHtml(route.square.searchSubmit)}</div></div>` +
      `<div class="gq-quick"><div class="gq-quick-label">${escapeHtml(route.square.quickStartLabel)}</div>` +
      `<div class="gq-quick-input">${escapeHtml(route.square.quickStartPlaceholder)}</div></div></div>`
    : '';
  return `<h1>${escapeHtml(route.heading)}</h1>${subtitle}${square}`;
}

/** The chunk files `start` needs (itself and its static imports, transitively), minus those in `skip`. */
function closure(bundle: OutputBundle, start: OutputChunk, skip: ReadonlySet<string>): string[] {
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file) || skip.has(file)) return;
    seen.add(file);
    const chunk = bundle[file];
    if (chunk?.type === 'chunk') chunk.imports.forEach(walk);
  };
  walk(start.fileName);
  return [...seen];
}

// A part (src/lib/lazy-part.tsx) whose module its page loads at once: `const X = lazyPart(() => import('…'))` and a
// statement `void X.preload()` (or `if (…) void X.preload()`) at the top level of the same module.
const PART = /^(?:export )?const (\w+) = lazyPart(?:<[^(]*>)?\(\s*\(\)\s*=>\s*import\(\s*['"]([^'"]+)['"]/gm;
const EAGER = /^(?:if \([^\n]*\) )?void (\w+)\.preload\(\)/gm;
// Of those, the parts a page loads at once only for a signed-in user (`if (hasToken()) void X.preload()`): the page
// lists them apart (<meta name="gequ-user-parts">), and the entry preloads them only when a token is stored.
const USER_EAGER = /^if \(hasToken\(\)\) void (\w+)\.preload\(\)/gm;

export function routePages(): Plugin {
  // The modules of the parts their pages load at once (PART, EAGER), by resolved id.
  const eagerParts = new Set<string>();
  const userParts = new Set<string>();
  return {
    name: 'gequ-route-pages',
    apply: 'build',
    enforce: 'post',
    async transform(code, id) {
      if (!/[\\/]src[\\/].*\.tsx?$/.test(id) || !code.includes('lazyPart')) return null;
      const eager = new Set([...code.matchAll(EAGER)].map((m) => m[1]));
      const forUser = new Set([...code.matchAll(USER_EAGER)].map((m) => m[1]));
      for (const [, name, spec] of code.matchAll(PART)) {
        if (!eager.has(name)) continue;
        const resolved = await this.resolve(spec, id);
        if (resolved) (forUser.has(name) ? userParts : eagerParts).add(resolved.id);
      }
      return null;
    },
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') throw new Error('route-pages: index.html is not in the bundle');
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
      const findChunk = (module: string) => {
        const chunk = chunks.find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith(`/src/${module}`));
        if (!chunk) throw new Error(`route-pages: no chunk for ${module}`);
        return chunk;
      };
      // The app's stylesheet (src/ui/ui.css, imported by the entry) goes into the page itself: no request before the
      // first paint.
      let html = String(index.source);
      for (const link of html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g)) {
        const css = bundle[link[1]];
        if (css?.type !== 'asset') throw new Error(`route-pages: ${link[1]} is not in the bundle`);
        html = html.replace(link[0], `<style>${String(css.source).replace(/<\/style/gi, '<\\/style')}</style>`);
        delete bundle[link[1]];
      }
      const entry = chunks.find(
        (c) => c.isEntry && c.moduleIds.some((id) => id.replace(/\\/g, '/').endsWith('/src/main.tsx')),
      );
      if (!entry) throw new Error('route-pages: no entry chunk with src/main.tsx');
      const initial = new Set(closure(bundle, entry, new Set()));
      // The page paints before any of the app's code is fetched: the entry may import only the early GETs and clicks.
      for (const file of initial) {
        const name = (bundle[file] as OutputChunk | undefined)?.name;
        if (file !== entry.fileName && name !== 'early-fetch')
          throw new Error(`route-pages: the entry imports the ${name} chunk (${file}) statically`);
      }
      // The entry starts the app with a dynamic import after the first paint (src/main.tsx), and the app imports its
      // stages (src/app/boot.tsx): preload all of it too.
      const bootChunk = findChunk('app/boot.tsx');
      // The first stage must not import a later stage's chunk, or loading it would evaluate that stage at once.
      for (const file of bootChunk.imports) {
        const name = (bundle[file] as OutputChunk | undefined)?.name;
        if (name && ['react', 'mui-styles', 'theme', 'app'].includes(name))
          throw new Error(`route-pages: app/boot.tsx imports the ${name} chunk (${file}) statically`);
      }
      const boot = [
        ...new Set(
          [bootChunk.fileName, ...bootChunk.dynamicImports].flatMap((file) => {
            const chunk = bundle[file];
            return chunk?.type === 'chunk' ? closure(bundle, chunk, initial) : [];
          }),
        ),
      ];
      // What the entry imports itself (the early GETs, Vite's preload helper) is preloaded too, or the entry would find
      // it one round trip later.
      const entryImports = [...initial].filter((file) => file !== entry.fileName);

      const isPartOf = (file: string, set: ReadonlySet<string>) => {
        const chunk = bundle[file];
        return chunk?.type === 'chunk' && !!chunk.facadeModuleId && set.has(chunk.facadeModuleId);
      };
      /**
       * The chunks of the parts loaded at once by `from` (and by those parts), with what they import, minus `skip`;
       * with `forUser`, also those loaded at once for a signed-in user.
       */
      const partChunks = (from: OutputChunk[], skip: ReadonlySet<string>, forUser = false): string[] => {
        const isEagerPart = (file: string) => isPartOf(file, eagerParts) || (forUser && isPartOf(file, userParts));
        const out = new Set<string>();
        const seen = new Set<string>();
        const queue = [...from];
        while (queue.length > 0) {
          const chunk = queue.shift()!;
          for (const file of chunk.dynamicImports) {
            if (seen.has(file) || !isEagerPart(file)) continue;
            seen.add(file);
            const part = bundle[file] as OutputChunk;
            for (const dep of closure(bundle, part, skip)) out.add(dep);
            queue.push(part);
          }
        }
        return [...out];
      };
      const appChunks = chunks.filter((c) => c.name === 'app');

      for (const route of ROUTE_META) {
        const beforePage = new Set([...initial, ...boot]);
        // What the entry imports itself is preloaded by the page. The app's chunks are listed in a meta tag, and the
        // entry preloads them once the page has painted (src/main.tsx): the first screen is the HTML and its styles,
        // and neither their download nor their compilation competes with it (docs/web-performance.md, "The app's
        // code after the first paint").
        const pageChunk = findChunk(route.module);
        const routeChunks = [...boot, ...closure(bundle, pageChunk, beforePage)];
        // The parts the frame and the page load at once, with their imports: the entry preloads them right after the
        // route's chunks, so they do not wait for the page's code to ask for them, nor for each other.
        const parts = partChunks([...appChunks, pageChunk], new Set([...initial, ...routeChunks]));
        const forUser = partChunks([...appChunks, pageChunk], new Set([...initial, ...routeChunks, ...parts]), true);
        const preloads = [
          ...entryImports.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
          `<meta name="gequ-chunks" content="${routeChunks.map((file) => `/${file}`).join(' ')}">`,
          `<meta name="gequ-parts" content="${parts.map((file) => `/${file}`).join(' ')}">`,
          `<meta name="gequ-user-parts" content="${forUser.map((file) => `/${file}`).join(' ')}">`,
        ].join('\n    ');
        let out = between(html, '<!--gequ:meta-->', '<!--/gequ:meta-->', metaBlock(route));
        out = between(out, '<!--gequ:shell-->', '<!--/gequ:shell-->', shellBlock(route));
        if (route.info) out = out.replace('class="gq-main"', 'class="gq-main gq-info"');
        out = out.replace('</head>', `    ${preloads}\n  </head>`);
        if (route.path === '/') index.source = out;
        else this.emitFile({ type: 'asset', fileName: `${route.path.slice(1)}/index.html`, source: out });
      }
    },
  };
}
