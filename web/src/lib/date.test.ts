import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, secondsUntilEndOfDay } from './date';

/** The time in Asia/Shanghai from the zone database (Node's ICU), as YYYY-MM-DD HH:mm. */
function shanghai(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'Asia/Shanghai',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

describe('dates in Shanghai', () => {
  it('shows API times in Shanghai, across midnight and the new year', () => {
    expect(formatDate('2024-09-01T16:30:00Z')).toBe('2024-09-02');
    expect(formatDateTime('2024-12-31T23:59:00Z')).toBe('2025-01-01 07:59');
    expect(formatDate('2024-09-01')).toBe('2024-09-01');
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime(null)).toBe('');
  });

  it('gives the zone database’s times for every month from 1992 to 2060', () => {
    for (let year = 1992; year <= 2060; year += 1) {
      for (let month = 1; month <= 12; month += 1) {
        const iso = `${year}-${String(month).padStart(2, '0')}-15T${String((year + month) % 24).padStart(2, '0')}:07:00Z`;
        expect(formatDateTime(iso)).toBe(shanghai(iso));
      }
    }
  });

  it('counts the seconds to midnight in Shanghai', () => {
    expect(secondsUntilEndOfDay(new Date('2024-06-01T15:00:00Z'))).toBe(3599);
    expect(secondsUntilEndOfDay(new Date('2024-06-01T16:00:00Z'))).toBe(86399);
  });
});
