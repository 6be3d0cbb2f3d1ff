import type { ReactNode } from 'react';

/**
 * A page's visitor state and its signed-in user's first state stacked in one box, for pages whose first screen
 * depends on the session (docs/web-performance.md, "My works before the app"): its height is the taller one's, so the
 * page does not move when one goes. With `user`, the session is not known yet and ui.css shows the one the entry's
 * hint picked (lib/session-hint.ts: the visitor's when no login token is stored); without, the visitor's is shown.
 */
export function SessionStates({ visitor, user }: { visitor: ReactNode; user?: ReactNode }) {
  return (
    <div className="gq-session" data-session={user ? undefined : 'visitor'}>
      <div className="gq-session-visitor">{visitor}</div>
      {user ? <div className="gq-session-user">{user}</div> : null}
    </div>
  );
}
