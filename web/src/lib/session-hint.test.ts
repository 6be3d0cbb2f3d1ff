import { describe, expect, it } from 'vitest';
import { markSessionHint, NO_TOKEN_CLASS } from './session-hint';

describe('session hint', () => {
  it('marks <html> when no token is stored, and unmarks it when one is', () => {
    const root = document.documentElement;
    markSessionHint(null);
    expect(root.classList.contains(NO_TOKEN_CLASS)).toBe(true);
    markSessionHint('token');
    expect(root.classList.contains(NO_TOKEN_CLASS)).toBe(false);
    markSessionHint('');
    expect(root.classList.contains(NO_TOKEN_CLASS)).toBe(true);
  });
});
