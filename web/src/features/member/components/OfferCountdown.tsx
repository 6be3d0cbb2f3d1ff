import { useEffect, useState } from 'react';
import { formatClock, secondsUntilEndOfDay } from '../../../lib/date';
import { zhMember } from '../../../strings/member';

/** Time left in today's offer (until midnight, Asia/Shanghai), ticking every second. */
export function OfferCountdown() {
  const [left, setLeft] = useState(() => secondsUntilEndOfDay());
  useEffect(() => {
    const timer = setInterval(() => setLeft(secondsUntilEndOfDay()), 1000);
    return () => clearInterval(timer);
  }, []);
  return <span>{zhMember.endsIn(formatClock(left))}</span>;
}
