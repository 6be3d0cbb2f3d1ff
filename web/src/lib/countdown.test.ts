import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from './countdown';

describe('useCountdown (the login resend wait and the pay dialog)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts whole seconds from start(n) down to 0, then idles', () => {
    const { result } = renderHook(() => useCountdown());
    expect(result.current.left).toBe(0);
    act(() => result.current.start(3));
    expect(result.current.left).toBe(3);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.left).toBe(2);
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current.left).toBe(0);
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current.left).toBe(0);
  });

  it('reads the clock, so a late tick (a throttled tab) still ends on time', () => {
    const { result } = renderHook(() => useCountdown());
    act(() => result.current.start(60));
    // Timers held back for 59 s fire at once: the next tick sees one second left, not 59.
    act(() => {
      vi.setSystemTime(Date.now() + 59_000);
      vi.advanceTimersByTime(1000);
    });
    expect(result.current.left).toBeLessThanOrEqual(1);
  });

  it('stop() ends a countdown at once', () => {
    const { result } = renderHook(() => useCountdown());
    act(() => result.current.start(10));
    act(() => result.current.stop());
    expect(result.current.left).toBe(0);
  });
});
