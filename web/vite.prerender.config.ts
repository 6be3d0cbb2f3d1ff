// The build of src/prerender/static-pages.tsx for Node (scripts/static-pages.mjs runs it after the web app's build).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { svgIcons } from './scripts/svg-icons';

export default defineConfig({
  plugins: [svgIcons(), react()],
  mode: 'production',
  build: {
    ssr: 'src/prerender/static-pages.tsx',
    outDir: 'dist-prerender',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
  },
});
