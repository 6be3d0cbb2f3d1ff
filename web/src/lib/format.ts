// Number and text formats (docs/web.md). Dates live in ./date (dayjs), so the layout does not load it.

/** Seconds as mm:ss, both parts zero-padded (minutes grow past two digits when needed). */
export function formatDuration(seconds: number | null | undefined): string {
  const total = seconds != null && Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const minutes = Math.floor(total / 60);
  const rest = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
}

// Tenths are truncated rather than rounded (integer arithmetic), so 9999 reads 9.9k and never "10.0k".
function tenths(value: number, unit: number): string {
  return (Math.floor(value / (unit / 10)) / 10).toFixed(1);
}

/** Counts: 10000 or more as x.xw, 1000 or more as x.xk, else the number itself. */
export function formatCount(n: number | null | undefined): string {
  const value = n != null && Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0;
  if (value >= 10000) return `${tenths(value, 10000)}w`;
  if (value >= 1000) return `${tenths(value, 1000)}k`;
  return String(value);
}

/** Cuts text to at most n characters (Unicode code points) and marks the cut with an ellipsis. */
export function truncate(text: string | null | undefined, n: number): string {
  const chars = Array.from(text ?? '');
  if (chars.length <= n) return chars.join('');
  return `${chars.slice(0, n).join('')}…`;
}

/** Title lengths of docs/web.md. */
export const TITLE_MAX = 20;
export const CARD_TITLE_MAX = 5;

/** A yuan amount without needless zeros: 1 → "1", 9.9 → "9.9", 19.95 → "19.95". */
export function formatYuan(value: number): string {
  if (!Number.isFinite(value)) return '0';
  return value.toFixed(2).replace(/\.?0+$/, '');
}
