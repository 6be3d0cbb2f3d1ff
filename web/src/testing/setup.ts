import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { installFakeAudio } from './audio';
import { installMatchMedia, resetMedia } from './match-media';
import { server } from './server';

installMatchMedia();

// Lazy pages and dialogs load their chunks on first use; on a busy two-core machine that can take over a second.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});

beforeEach(() => {
  installFakeAudio();
  resetMedia();
  installMatchMedia();
  window.localStorage.clear();
  document.documentElement.className = '';
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
});

afterAll(() => {
  server.close();
});

// jsdom does not implement scrolling.
window.scrollTo = () => {};
