import { describe, expect, it } from 'vitest';
import { pageItems } from './pagination';

describe('pageItems', () => {
  it('shows every page when there are few', () => {
    expect(pageItems(0, 1)).toEqual([]);
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(2, 2)).toEqual([1, 2]);
    expect(pageItems(3, 1)).toEqual([1, 2, 3]);
    expect(pageItems(5, 1)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(7, 4)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('replaces runs of pages with gaps, keeping the row the same length', () => {
    expect(pageItems(10, 1)).toEqual([1, 2, 3, 4, 5, 'gap-end', 10]);
    expect(pageItems(10, 4)).toEqual([1, 2, 3, 4, 5, 'gap-end', 10]);
    expect(pageItems(10, 5)).toEqual([1, 'gap-start', 4, 5, 6, 'gap-end', 10]);
    expect(pageItems(10, 7)).toEqual([1, 'gap-start', 6, 7, 8, 9, 10]);
    expect(pageItems(10, 10)).toEqual([1, 'gap-start', 6, 7, 8, 9, 10]);
    for (let page = 1; page <= 50; page += 1) expect(pageItems(50, page)).toHaveLength(7);
  });

  it('shows no siblings in the dense form', () => {
    expect(pageItems(10, 5, 0)).toEqual([1, 'gap-start', 5, 'gap-end', 10]);
    expect(pageItems(10, 1, 0)).toEqual([1, 2, 3, 'gap-end', 10]);
    expect(pageItems(4, 2, 0)).toEqual([1, 2, 3, 4]);
  });
});
