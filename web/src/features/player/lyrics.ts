// Synced lyrics (the player's lyric panel): the song detail's `timeline` read defensively, the line being sung at a
// playhead, and a line cut into the words it is sung by, all as pure functions.
import type { TimedLine, TimedWord } from '../../lib/types';

/** A line stays highlighted this long after its end, unless the next line starts first (no flicker between close
 * lines, and the last word is still lit while its note fades). */
export const LINE_GRACE_SECONDS = 0.8;

function isTime(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

function readWord(raw: unknown): TimedWord | null {
  if (!raw || typeof raw !== 'object') return null;
  const { text, start, end } = raw as Record<string, unknown>;
  if (typeof text !== 'string' || !text || !isTime(start) || !isTime(end)) return null;
  return { text, start, end: Math.max(start, end) };
}

/**
 * The timeline of a song detail as the panel uses it: lines with a start, an end and some text, in order of their
 * start; words that are not well-formed are dropped (the line is then highlighted as a whole). null when there is no
 * usable line: the panel shows the plain lyrics.
 */
export function readTimeline(raw: unknown): TimedLine[] | null {
  if (!Array.isArray(raw)) return null;
  const lines: TimedLine[] = [];
  for (const item of raw) {
    if (!item || typeof item !== 'object') continue;
    const { text, start, end, words } = item as Record<string, unknown>;
    if (typeof text !== 'string' || !text.trim() || !isTime(start) || !isTime(end)) continue;
    const read = Array.isArray(words) ? words.map(readWord) : [];
    lines.push({
      text,
      start,
      end: Math.max(start, end),
      words: read.every((w) => w !== null) ? (read as TimedWord[]) : [],
    });
  }
  lines.sort((a, b) => a.start - b.start);
  return lines.length > 0 ? lines : null;
}

/**
 * The index of the line being sung at `time` (seconds), or -1: the last line that has started, while `time` is before
 * its end plus `grace` (the next line, once started, takes over). Between lines further apart than that, and before
 * the first line, no line is sung.
 */
export function activeLineIndex(lines: readonly TimedLine[], time: number, grace = LINE_GRACE_SECONDS): number {
  if (!Number.isFinite(time)) return -1;
  // Binary search for the last line whose start <= time.
  let low = 0;
  let high = lines.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (lines[mid]!.start <= time) {
      found = mid;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  if (found < 0) return -1;
  return time < lines[found]!.end + grace ? found : -1;
}

/** A piece of a line's text and when it starts being sung (null: the line has no usable words). */
export interface LineSegment {
  text: string;
  start: number | null;
}

/**
 * The line's text cut at its words, so sung words can be coloured: each word with the text after it (spaces,
 * punctuation) up to the next word; text before the first word goes with it. When the words do not spell the text in
 * order (or there are none), the whole line is one segment without a start.
 */
export function lineSegments(line: TimedLine): LineSegment[] {
  const whole: LineSegment[] = [{ text: line.text, start: null }];
  if (line.words.length === 0) return whole;
  const segments: LineSegment[] = [];
  let cursor = 0;
  for (const word of line.words) {
    const at = line.text.indexOf(word.text, cursor);
    if (at < 0) return whole;
    const glue = line.text.slice(cursor, at);
    const last = segments[segments.length - 1];
    if (last) {
      last.text += glue;
      segments.push({ text: word.text, start: word.start });
    } else {
      segments.push({ text: glue + word.text, start: word.start });
    }
    cursor = at + word.text.length;
  }
  segments[segments.length - 1]!.text += line.text.slice(cursor);
  return segments;
}
