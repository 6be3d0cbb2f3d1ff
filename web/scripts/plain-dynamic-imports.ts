// A Vite build plugin: Vite wraps every dynamic import in its preload helper (`__vitePreload(() => import(x), deps)`),
// which, before the import, adds a <link> for each file in `deps`: the imported chunk's stylesheets and, with
// `build.modulePreload`, its JavaScript. This app has `modulePreload: false` (the pages preload what a route needs:
// scripts/route-pages.ts), and only one lazy chunk has a stylesheet (the altcha widget's), so Vite's general helper
// (0.8 KB gzip, on every route's first load) is replaced by one that links the stylesheets and then imports.
import type { Plugin } from 'vite';

const HELPER = '\0vite/preload-helper.js';

// `deps` are file names relative to the base, which is '/' (vite.config.ts).
const CODE = `export const __vitePreload = (load, deps) =>
  deps && deps.length
    ? Promise.all(
        deps.map((dep) => {
          const href = '/' + dep;
          if (document.querySelector('link[rel="stylesheet"][href="' + href + '"]')) return undefined;
          const link = document.createElement('link');
          link.rel = 'stylesheet';
          link.href = href;
          const loaded = new Promise((resolve, reject) => {
            link.onload = resolve;
            link.onerror = () => reject(new Error('Unable to load ' + href));
          });
          document.head.append(link);
          return loaded;
        }),
      ).then(() => load())
    : load();
`;

export function plainDynamicImports(): Plugin {
  return {
    name: 'gequ-plain-dynamic-imports',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      if (config.build.modulePreload !== false || config.base !== '/')
        throw new Error('plain-dynamic-imports: needs build.modulePreload: false and base "/"');
    },
    load(id) {
      return id === HELPER ? CODE : null;
    },
  };
}
