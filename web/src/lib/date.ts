// Dates: UTC in the API, shown in Asia/Shanghai (docs/architecture.md), with dayjs.
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import 'dayjs/locale/zh-cn';

dayjs.extend(utc);
dayjs.locale('zh-cn');

/**
 * The offset from UTC of the zone every time is shown in, Asia/Shanghai: China has kept UTC+8 all year since 1991, so a fixed offset gives the same times as the zone
 * database. (dayjs's timezone plugin asks `Intl.DateTimeFormat` for every conversion; the first such call made the
 * browser load its time zone data, 25 ms in the middle of the works list's first render: docs/web-performance.md.)
 */
const DISPLAY_UTC_OFFSET_MINUTES = 8 * 60;

/** An API time (ISO 8601 UTC, or a plain date) as YYYY-MM-DD in Shanghai. Empty for missing or invalid input. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const d = dayjs.utc(value);
  return d.isValid() ? d.utcOffset(DISPLAY_UTC_OFFSET_MINUTES).format('YYYY-MM-DD') : '';
}

/** An API time as YYYY-MM-DD HH:mm in Shanghai. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const d = dayjs.utc(value);
  return d.isValid() ? d.utcOffset(DISPLAY_UTC_OFFSET_MINUTES).format('YYYY-MM-DD HH:mm') : '';
}

/** Seconds left until the end of the current day in Shanghai (plan 7's offer countdown). */
export function secondsUntilEndOfDay(now: Date = new Date()): number {
  const here = dayjs(now).utcOffset(DISPLAY_UTC_OFFSET_MINUTES);
  return Math.max(0, here.endOf('day').diff(here, 'second'));
}

/** Seconds as HH:mm:ss. */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (v: number) => String(v).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}
