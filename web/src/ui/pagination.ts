// Which page buttons a pagination shows (./Pagination.tsx): the first and the last page, the current page with
// `siblings` pages on each side, and an ellipsis for each run of pages left out; a gap of one page shows that page
// rather than an ellipsis, so the row keeps the same number of items on every page (the rule MUI's Pagination follows).

export type PageItem = number | 'gap-start' | 'gap-end';

const span = (from: number, to: number) => Array.from({ length: Math.max(to - from + 1, 0) }, (_, i) => from + i);

/** The items between 上一页 and 下一页 for page `page` of `count` (both from 1). */
export function pageItems(count: number, page: number, siblings = 1): PageItem[] {
  if (count < 1) return [];
  // The middle window: `siblings` around the page, slid inwards near either end so its width stays the same.
  const middleStart = Math.max(Math.min(page - siblings, count - 2 * siblings - 2), 3);
  const middleEnd = Math.min(Math.max(page + siblings, 2 * siblings + 3), count - 2);
  const items: PageItem[] = [1];
  if (middleStart > 3) items.push('gap-start');
  else if (count > 3) items.push(2);
  items.push(...span(middleStart, middleEnd));
  if (middleEnd < count - 2) items.push('gap-end');
  else if (count > 2) items.push(count - 1);
  if (count > 1) items.push(count);
  return items;
}
