import { describe, expect, it } from 'vitest';
import { formatClock, formatDate, formatDateTime, secondsUntilEndOfDay } from './date';
import { formatCount, formatDuration, formatYuan, truncate } from './format';

describe('formatDuration (mm:ss)', () => {
  it.each([
    [0, '00:00'],
    [5, '00:05'],
    [59.9, '00:59'],
    [60, '01:00'],
    [185, '03:05'],
    [3599, '59:59'],
    [6000, '100:00'],
    [-3, '00:00'],
    [Number.NaN, '00:00'],
    [null, '00:00'],
  ])('%s → %s', (input, expected) => {
    expect(formatDuration(input)).toBe(expected);
  });
});

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1.0k'],
    [1050, '1.0k'],
    [2300, '2.3k'],
    [9999, '9.9k'],
    [10000, '1.0w'],
    [12345, '1.2w'],
    [999999, '99.9w'],
    [-5, '0'],
    [undefined, '0'],
  ])('%s → %s', (input, expected) => {
    expect(formatCount(input)).toBe(expected);
  });
});

describe('truncate', () => {
  it('keeps short text and cuts long text with an ellipsis', () => {
    expect(truncate('夏夜', 5)).toBe('夏夜');
    expect(truncate('一二三四五', 5)).toBe('一二三四五');
    expect(truncate('一二三四五六', 5)).toBe('一二三四五…');
    expect(truncate('abcdefghijklmnopqrstuvwxyz', 20)).toBe('abcdefghijklmnopqrst…');
    expect(truncate(null, 5)).toBe('');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(truncate('🎵🎵🎵', 2)).toBe('🎵🎵…');
  });
});

describe('dates in Asia/Shanghai', () => {
  it('shows UTC times as the Shanghai date', () => {
    expect(formatDate('2024-09-01T15:59:59Z')).toBe('2024-09-01');
    expect(formatDate('2024-09-01T16:00:00Z')).toBe('2024-09-02');
    expect(formatDate('2024-12-31')).toBe('2024-12-31');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime('2024-09-01T16:30:00Z')).toBe('2024-09-02 00:30');
  });

  it('counts the seconds to midnight in Shanghai', () => {
    expect(secondsUntilEndOfDay(new Date('2024-09-01T15:59:00Z'))).toBe(59);
    expect(secondsUntilEndOfDay(new Date('2024-09-01T16:00:00Z'))).toBe(86399);
    expect(formatClock(3725)).toBe('01:02:05');
  });
});

describe('formatYuan', () => {
  it('drops needless zeros', () => {
    expect(formatYuan(1)).toBe('1');
    expect(formatYuan(9.9)).toBe('9.9');
    expect(formatYuan(19.95)).toBe('19.95');
    expect(formatYuan(528)).toBe('528');
  });
});
