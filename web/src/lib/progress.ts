import { zh } from '../strings/zh-CN';

/**
 * The progress text of a generating song (docs/web.md): elapsed seconds / 2 as a percent with two decimals up to 98;
 * above 98 and below 132: 99%; beyond: 99% with the peak-usage note.
 */
export function progressText(elapsedSeconds: number): string {
  const elapsed = Number.isFinite(elapsedSeconds) && elapsedSeconds > 0 ? elapsedSeconds : 0;
  const percent = elapsed / 2;
  if (percent <= 98) return `${percent.toFixed(2)}%`;
  if (percent < 132) return '99%';
  return `99% ${zh.progress.peak}`;
}

/** Progress text from the time generation started (progress_started_at, ISO) to now. */
export function progressSince(startedAt: string | null | undefined, now: number = Date.now()): string {
  const start = startedAt ? Date.parse(startedAt) : NaN;
  return progressText(Number.isNaN(start) ? 0 : (now - start) / 1000);
}
