// The build of src/prerender/critical-css.tsx for Node (scripts/critical-css.mjs runs it after the web app's build).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { svgIcons } from './scripts/svg-icons';

export default defineConfig({
  plugins: [svgIcons(), react()],
  // The same emotion class names as the browser's: production serialisation, no labels.
  mode: 'production',
  build: {
    ssr: 'src/prerender/critical-css.tsx',
    outDir: 'dist-prerender',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
  },
});
