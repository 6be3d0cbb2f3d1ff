import CloudOffIcon from 'icon:CloudOff';
import InboxIcon from 'icon:Inbox';
import type { ReactNode } from 'react';
import { lazyPart } from '../lib/lazy-part';
import { zh } from '../strings/zh-CN';

// MUI's CircularProgress (about 1.6 KB gzip with the transition helpers it imports) is a part whose code follows the
// app's (lib/lazy-part.tsx): no page's first render waits for it. In a page the build rendered its markup is there at
// once; in a client render its box is kept until it has loaded.
const Spinner = lazyPart(() => import('./Spinner'), <span className="gq-spinner-room" aria-hidden />);

export type StatusKind = 'empty' | 'loading' | 'error';

const DEFAULTS: Record<StatusKind, { title: string; text: string }> = {
  empty: { title: zh.states.emptyTitle, text: zh.states.emptyText },
  loading: { title: zh.states.loadingTitle, text: zh.states.loadingText },
  error: { title: zh.states.errorTitle, text: zh.states.errorText },
};

/** The empty, loading and network-failure states of lists (docs/web.md). */
export function StatusState({
  kind,
  title,
  text,
  action,
  dense = false,
}: {
  kind: StatusKind;
  title?: string;
  text?: string;
  action?: ReactNode;
  dense?: boolean;
}) {
  const d = DEFAULTS[kind];
  const iconSize = dense ? 36 : 48;
  return (
    <div
      className={dense ? 'gq-status gq-dense' : 'gq-status'}
      role={kind === 'loading' ? 'status' : undefined}
      aria-live={kind === 'loading' ? 'polite' : undefined}
    >
      {kind === 'loading' ? (
        <Spinner size={dense ? 32 : 40} />
      ) : kind === 'error' ? (
        <CloudOffIcon size={iconSize} />
      ) : (
        <InboxIcon size={iconSize} />
      )}
      <p className="gq-status-title">{title ?? d.title}</p>
      <p className="gq-body2">{text ?? d.text}</p>
      {action ? <div className="gq-status-action">{action}</div> : null}
    </div>
  );
}
