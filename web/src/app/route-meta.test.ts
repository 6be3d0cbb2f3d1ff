import { describe, expect, it } from 'vitest';
import { ROUTE_META } from './route-meta';
import { ROUTE_PATHS } from './routes';

const pageModules = Object.keys(import.meta.glob('../**/*Page.tsx')).map((p) => p.replace(/^\.\.\//, ''));

describe('route meta (the pages the build writes per route)', () => {
  it('covers every route once, each with its own Chinese title and description', () => {
    expect(ROUTE_META.map((r) => r.path).sort()).toEqual([...ROUTE_PATHS].sort());
    expect(new Set(ROUTE_META.map((r) => r.title)).size).toBe(ROUTE_META.length);
    expect(new Set(ROUTE_META.map((r) => r.description)).size).toBe(ROUTE_META.length);
    for (const route of ROUTE_META) {
      expect(route.title).toMatch(/[\u4e00-\u9fff]/);
      expect(route.heading).toMatch(/[\u4e00-\u9fff]/);
      // Search engines show about 80 Chinese characters of a description.
      expect(route.description.length).toBeGreaterThan(15);
      expect(route.description.length).toBeLessThanOrEqual(80);
    }
  });

  it('names page modules that exist', () => {
    for (const route of ROUTE_META) expect(pageModules).toContain(route.module);
  });
});
