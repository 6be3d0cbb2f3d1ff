import { useCallback, useEffect, useState } from 'react';

/**
 * A countdown in whole seconds towards a deadline, re-read from the clock every second (not a chain of one-second
 * timeouts, so a throttled background tab still ends on time). `left` is 0 when idle; `start(seconds)` begins a new
 * countdown, `stop()` ends it. The login dialog's resend wait and the pay dialog's offer use it.
 */
export function useCountdown() {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [left, setLeft] = useState(0);

  useEffect(() => {
    if (deadline === null) return undefined;
    const tick = () => {
      const remaining = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) setDeadline(null);
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  const start = useCallback((seconds: number) => {
    setLeft(seconds);
    setDeadline(Date.now() + seconds * 1000);
  }, []);

  const stop = useCallback(() => {
    setLeft(0);
    setDeadline(null);
  }, []);

  return { left, start, stop };
}
