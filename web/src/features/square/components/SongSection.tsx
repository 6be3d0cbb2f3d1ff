import Paper from '@mui/material/Paper';
import Button from '@mui/material/Button';
import type { UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue, useId } from 'react';
import { Link } from 'react-router';
import { SongList } from '../../../components/SongList';
import { StatusState } from '../../../components/StatusState';
import { ApiError } from '../../../lib/api-client';
import { useHydrated } from '../../../lib/hydration';
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
  const networkFailure =
    query.error instanceof ApiError && (query.error.kind === 'network' || query.error.kind === 'timeout');
  // While React hydrates the build's render (which fetched nothing), the section looks as it did there, even when the
  // list has arrived before the section's code (lib/hydration.ts).
  const hydrated = useHydrated();
  const data = hydrated ? query.data : undefined;
  // The rows are built in a background render (React splits it into short slices), so the page stays responsive.
  const songs = useDeferredValue(data);
  let body;
  if (!hydrated || query.isPending || (data && !songs)) body = <StatusState kind="loading" dense />;
  else if (query.isError)
    body = <StatusState kind="error" dense text={networkFailure ? undefined : query.error.message || undefined} />;
  else if (!songs || songs.length === 0) body = <StatusState kind="empty" dense />;
  else body = <SongList songs={songs} />;

  return (
    <Paper component="section" variant="outlined" className="gq-panel gq-song-section" aria-labelledby={headingId}>
      <div className="gq-section-head">
        <h2 id={headingId} className="gq-h2">
          {title}
        </h2>
        {moreHref ? (
          <Button component={Link} size="small" to={moreHref} aria-label={zh.square.moreOf(title)}>
            {zh.square.more}
          </Button>
        ) : null}
      </div>
      {body}
    </Paper>
  );
}
