import CloudOffIcon from '@mui/icons-material/CloudOff';
import InboxIcon from '@mui/icons-material/Inbox';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
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
  return (
    <Box
      role={kind === 'loading' ? 'status' : undefined}
      aria-live={kind === 'loading' ? 'polite' : undefined}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 1,
        py: dense ? 3 : 6,
        px: 2,
        color: 'text.secondary',
      }}
    >
      {kind === 'loading' ? (
        <CircularProgress size={dense ? 28 : 36} aria-hidden />
      ) : kind === 'error' ? (
        <CloudOffIcon sx={{ fontSize: dense ? 36 : 48, opacity: 0.7 }} aria-hidden />
      ) : (
        <InboxIcon sx={{ fontSize: dense ? 36 : 48, opacity: 0.7 }} aria-hidden />
      )}
      <Typography variant="subtitle1" component="p" sx={{ color: 'text.primary', fontWeight: 600 }}>
        {title ?? d.title}
      </Typography>
      <Typography variant="body2" component="p">
        {text ?? d.text}
      </Typography>
      {action ? <Box sx={{ mt: 1 }}>{action}</Box> : null}
    </Box>
  );
}
