import { describe, expect, it } from 'vitest';
import type { TimedLine } from '../../lib/types';
import { activeLineIndex, LINE_GRACE_SECONDS, lineSegments, readTimeline } from './lyrics';

const lines: TimedLine[] = [
  { start: 12.34, end: 15.1, text: '夏夜的海风', words: [] },
  { start: 15.5, end: 18, text: '吹过沙滩', words: [] },
  { start: 30, end: 33.2, text: '我们唱着歌', words: [] },
];

describe('synced lyrics', () => {
  it('reads the timeline: null, absent, empty and junk mean plain lyrics; bad words leave the line whole', () => {
    expect(readTimeline(null)).toBeNull();
    expect(readTimeline(undefined)).toBeNull();
    expect(readTimeline([])).toBeNull();
    expect(readTimeline('[00:12.34]x')).toBeNull();
    expect(
      readTimeline([
        { start: 'a', end: 2, text: 'x', words: [] },
        { start: 1, end: 2, text: '  ', words: [] },
      ]),
    ).toBeNull();

    const read = readTimeline([
      { start: 5, end: 6, text: '后', words: [{ text: '后', start: 5, end: 6 }] },
      {
        start: 1,
        end: 2,
        text: '前面',
        words: [
          { text: '前', start: 1, end: 1.5 },
          { text: '', start: 1.5, end: 2 },
        ],
      },
      { start: 3, end: 4, text: '没有字' },
    ]);
    expect(read).toEqual([
      { start: 1, end: 2, text: '前面', words: [] },
      { start: 3, end: 4, text: '没有字', words: [] },
      { start: 5, end: 6, text: '后', words: [{ text: '后', start: 5, end: 6 }] },
    ]);
  });

  it('the active line is the last one started, until its end plus the grace or the next start', () => {
    expect(activeLineIndex(lines, 0)).toBe(-1);
    expect(activeLineIndex(lines, 12.33)).toBe(-1);
    expect(activeLineIndex(lines, 12.34)).toBe(0);
    expect(activeLineIndex(lines, 15.1)).toBe(0);
    // Within the grace, but the next line has started: the next line.
    expect(activeLineIndex(lines, 15.5)).toBe(1);
    expect(activeLineIndex(lines, 18 + LINE_GRACE_SECONDS - 0.01)).toBe(1);
    // A long gap (an instrumental bar): nothing is sung.
    expect(activeLineIndex(lines, 18 + LINE_GRACE_SECONDS)).toBe(-1);
    expect(activeLineIndex(lines, 29.99)).toBe(-1);
    expect(activeLineIndex(lines, 31)).toBe(2);
    expect(activeLineIndex(lines, 100)).toBe(-1);
    expect(activeLineIndex(lines, Number.NaN)).toBe(-1);
    expect(activeLineIndex([], 3)).toBe(-1);
    expect(activeLineIndex(lines, 16, 0)).toBe(1);
  });

  it('cuts a line at its words, glue going with the word before it', () => {
    expect(
      lineSegments({
        start: 1,
        end: 3,
        text: '夏夜, 海风！',
        words: [
          { text: '夏', start: 1, end: 1.2 },
          { text: '夜', start: 1.2, end: 1.5 },
          { text: '海风', start: 2, end: 3 },
        ],
      }),
    ).toEqual([
      { text: '夏', start: 1 },
      { text: '夜, ', start: 1.2 },
      { text: '海风！', start: 2 },
    ]);
    expect(lineSegments({ start: 1, end: 2, text: ' hello', words: [{ text: 'hello', start: 1, end: 2 }] })).toEqual([
      { text: ' hello', start: 1 },
    ]);
    // No words, or words that do not spell the text: the line as a whole.
    expect(lineSegments({ start: 1, end: 2, text: '海风', words: [] })).toEqual([{ text: '海风', start: null }]);
    expect(lineSegments({ start: 1, end: 2, text: '海风', words: [{ text: '山', start: 1, end: 2 }] })).toEqual([
      { text: '海风', start: null },
    ]);
  });
});
