// A Vite plugin: `import HomeIcon from 'icon:HomeOutlined'` is Material Design's HomeOutlined icon (the drawing of
// @mui/icons-material's module of that name, read when the app is built) as a plain <svg> component (src/ui/Icon.tsx),
// without MUI's SvgIcon and its styling engine: the app uses only the drawings of @mui/icons-material
// (docs/web-performance.md, "The pages without MUI").
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const PREFIX = 'icon:';
const VIRTUAL = '\0gequ-icon:';
const require = createRequire(import.meta.url);
const iconComponent = fileURLToPath(new URL('../src/ui/Icon.tsx', import.meta.url));

/** The elements of an icon module: [tag, attributes] for each `_jsx("tag", { … })` it draws. */
export function iconElements(source: string): [string, Record<string, string>][] {
  const elements: [string, Record<string, string>][] = [];
  for (const match of source.matchAll(/_jsx\("(\w+)",\s*\{([^}]*)\}/g)) {
    const attributes: Record<string, string> = {};
    for (const attr of match[2].matchAll(/(\w+):\s*("([^"]*)"|[\d.]+)/g)) attributes[attr[1]] = attr[3] ?? attr[2];
    elements.push([match[1], attributes]);
  }
  return elements;
}

export function svgIcons(): Plugin {
  return {
    name: 'gequ-svg-icons',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(PREFIX) ? VIRTUAL + id.slice(PREFIX.length) : null;
    },
    load(id) {
      if (!id.startsWith(VIRTUAL)) return null;
      const name = id.slice(VIRTUAL.length);
      if (!/^\w+$/.test(name)) throw new Error(`svg-icons: bad icon name ${name}`);
      const file = join(dirname(require.resolve('@mui/icons-material/package.json')), `${name}.mjs`);
      const elements = iconElements(readFileSync(file, 'utf8'));
      if (elements.length === 0) throw new Error(`svg-icons: no drawing in ${file}`);
      return `import { svgIcon } from ${JSON.stringify(iconComponent)};\nexport default svgIcon(${JSON.stringify(elements)});\n`;
    },
  };
}
