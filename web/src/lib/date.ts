// Dates: UTC in the API, shown in Asia/Shanghai (docs/architecture.md), with dayjs.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import 'dayjs/locale/zh-cn';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale('zh-cn');

/** The zone every time is shown in. */
export const DISPLAY_TIME_ZONE = 'Asia/Shanghai';

/** An API time (ISO 8601 UTC, or a plain date) as YYYY-MM-DD in Shanghai. Empty for missing or invalid input. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const d = dayjs.utc(value);
  return d.isValid() ? d.tz(DISPLAY_TIME_ZONE).format('YYYY-MM-DD') : '';
}

/** An API time as YYYY-MM-DD HH:mm in Shanghai. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const d = dayjs.utc(value);
  return d.isValid() ? d.tz(DISPLAY_TIME_ZONE).format('YYYY-MM-DD HH:mm') : '';
}

/** Seconds left until the end of the current day in Shanghai (plan 7's offer countdown). */
export function secondsUntilEndOfDay(now: Date = new Date()): number {
  const here = dayjs(now).tz(DISPLAY_TIME_ZONE);
  return Math.max(0, here.endOf('day').diff(here, 'second'));
}

/** Seconds as HH:mm:ss. */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (v: number) => String(v).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}
