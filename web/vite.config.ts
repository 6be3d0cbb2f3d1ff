import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The genre dictionary's single source of truth is libdomain/data/genres.tsv (shared with the C++ server);
// src/lib/genres.ts imports it with `?raw`, so the dev server must be allowed to read the repository root.
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  base: '/',
  plugins: [react()],
  server: {
    fs: { allow: [repoRoot] },
    proxy: {
      // `npm run dev` talks to a local gequ-server (make run) for the API and media.
      '^/(login|user|music|pay|media|healthz)(/|$)': 'http://127.0.0.1:8080',
    },
  },
  build: {
    target: 'es2022',
    // dist/.vite/manifest.json lets scripts/bundle-size.mjs report the initial JavaScript per route.
    manifest: true,
    chunkSizeWarningLimit: 600,
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
  },
});
