import CircularProgress from '@mui/material/CircularProgress';
import CloudOffIcon from 'icon:CloudOff';
import InboxIcon from 'icon:Inbox';
import type { ReactNode } from 'react';
import { zh } from '../strings/zh-CN';

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
        <CircularProgress size={dense ? 32 : 40} aria-hidden />
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
