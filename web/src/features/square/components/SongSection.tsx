import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue, useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { SongList } from '../../../components/SongList';
import { StatusState } from '../../../components/StatusState';
import { ApiError } from '../../../lib/api-client';
import type { SongListItem } from '../../../lib/types';
import { zh } from '../../../strings/zh-CN';

/** A titled list section of the home page with its loading, network-failure and empty states. */
export function SongSection({
  title,
  query,
  moreHref,
}: {
  title: string;
  query: UseQueryResult<SongListItem[]>;
  moreHref?: string;
}) {
  const headingId = useId();
  const networkFailure = query.error instanceof ApiError && (query.error.kind === 'network' || query.error.kind === 'timeout');
  // The rows are built in a background render (React splits it into short slices), so the page stays responsive.
  const songs = useDeferredValue(query.data);
  let body;
  if ((query.isPending && query.fetchStatus !== 'idle') || (query.data && !songs)) body = <StatusState kind="loading" dense />;
  else if (query.isError) body = <StatusState kind="error" dense text={networkFailure ? undefined : query.error.message || undefined} />;
  else if (!songs || songs.length === 0) body = <StatusState kind="empty" dense />;
  else body = <SongList songs={songs} />;

  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, px: 0.5 }}>
        <Typography id={headingId} variant="h2" component="h2">
          {title}
        </Typography>
        {moreHref ? (
          <Button component={RouterLink} to={moreHref} size="small" aria-label={zh.square.moreOf(title)}>
            {zh.square.more}
          </Button>
        ) : null}
      </Stack>
      {body}
    </Paper>
  );
}
