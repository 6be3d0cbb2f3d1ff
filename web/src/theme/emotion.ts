/**
 * The key of emotion's cache, the prefix of its class names and of its `<style data-emotion="…">` tags: the build's
 * render (src/prerender/pages.tsx) and the browser (emotion's default cache) must use the same one, so that the
 * browser takes over the rules the page carries.
 */
export const EMOTION_KEY = 'css';
