// The build of src/prerender/pages.tsx for Node (scripts/prerender.mjs runs it after the web app's build). Everything is
// bundled, resolved with the `worker` export condition: emotion's build for servers, which keeps the rules it makes
// for `extractCriticalToChunks` rather than inserting them into a document (docs/web-performance.md).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { svgIcons } from './scripts/svg-icons';

export default defineConfig({
  plugins: [svgIcons(), react()],
  mode: 'production',
  ssr: {
    noExternal: true,
    resolve: { conditions: ['worker'], externalConditions: ['worker'] },
  },
  build: {
    ssr: 'src/prerender/pages.tsx',
    outDir: 'dist-prerender',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
  },
});
