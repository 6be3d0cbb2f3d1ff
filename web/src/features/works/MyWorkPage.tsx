import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { StatusState } from '../../components/StatusState';
import { ApiError } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import { requestLogin } from '../../lib/session';
import { zh } from '../../strings/zh-CN';
import { useMySongCount } from './api/useMySongCount';
import { useMySongs, WORKS_PAGE_SIZE } from './api/useMySongs';
import { WorkRow } from './WorkRow';

/** Re-renders every second while some song is generating, so the progress text moves. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/** /mywork: the signed-in user's songs, 20 a page. */
export default function MyWorkPage() {
  const { isLoggedIn, isLoading: userLoading } = useCurrentUser();
  const [page, setPage] = useState(1);
  const count = useMySongCount(isLoggedIn);
  const songs = useMySongs(page, isLoggedIn);
  const generating = songs.data?.some((s) => s.complete === 0) ?? false;
  const now = useNow(generating);
  const pages = Math.max(1, Math.ceil((count.data ?? 0) / WORKS_PAGE_SIZE));

  let body;
  if (userLoading) body = <StatusState kind="loading" />;
  else if (!isLoggedIn)
    body = (
      <StatusState
        kind="empty"
        text={zh.works.loginToView}
        action={
          <Button variant="contained" onClick={requestLogin}>
            {zh.nav.login}
          </Button>
        }
      />
    );
  else if (songs.isError) {
    const network = songs.error instanceof ApiError && (songs.error.kind === 'network' || songs.error.kind === 'timeout');
    body = network ? <StatusState kind="error" /> : <StatusState kind="error" text={zh.errors.listLoad} />;
  } else if (songs.isPending) body = <StatusState kind="loading" />;
  else if (songs.data.length === 0)
    body = (
      <StatusState
        kind="empty"
        text={zh.works.emptyText}
        action={
          <Button component={RouterLink} to="/create" variant="contained">
            {zh.works.goCreate}
          </Button>
        }
      />
    );
  else
    body = (
      <>
        <List disablePadding>
          {songs.data.map((song) => (
            <WorkRow key={song.native_id} song={song} now={now} />
          ))}
        </List>
        {pages > 1 ? (
          <Stack sx={{ alignItems: 'center', mt: 2 }}>
            <Pagination count={pages} page={page} onChange={(_, p) => setPage(p)} color="primary" />
          </Stack>
        ) : null}
      </>
    );

  return (
    <PageContainer maxWidth={960}>
      <PageTitle
        title={zh.works.title}
        subtitle={isLoggedIn && count.data !== undefined ? zh.works.total(count.data) : undefined}
      />
      <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
        {body}
      </Paper>
    </PageContainer>
  );
}
