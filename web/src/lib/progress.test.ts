import { describe, expect, it } from 'vitest';
import { progressSince, progressText } from './progress';

describe('progressText (docs/web.md)', () => {
  it.each([
    [0, '0.00%'],
    [1, '0.50%'],
    [3, '1.50%'],
    [61.234, '30.62%'],
    [196, '98.00%'],
    [196.02, '99%'],
    [200, '99%'],
    [263.98, '99%'],
    [264, '99% 使用高峰，正在努力生成中'],
    [10_000, '99% 使用高峰，正在努力生成中'],
    [-10, '0.00%'],
  ])('%s s → %s', (elapsed, expected) => {
    expect(progressText(elapsed)).toBe(expected);
  });

  it('measures from the start time', () => {
    const start = '2024-09-01T00:00:00Z';
    expect(progressSince(start, Date.parse(start) + 20_000)).toBe('10.00%');
    expect(progressSince(null, Date.now())).toBe('0.00%');
  });
});
