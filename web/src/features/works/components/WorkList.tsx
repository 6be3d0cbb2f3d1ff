import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { ApiError, notify } from '../../../lib/api-client';
import type { UserSong } from '../../../lib/types';
import { zh } from '../../../strings/zh-CN';
import { zhWorks } from '../../../strings/zh-CN/works';
import { StatusState } from '../../../components/StatusState';
import { useDeleteSong } from '../api/useDeleteSong';
import type { MyWorks } from '../useMyWorks';
import { useNow } from '../useNow';
import { PRIORITY_COVERS } from '../prefetch';
import { WorkCard } from './WorkCard';

// The confirmation loads when a delete is first asked for, so the dialog code stays out of the page's first load.
const DeleteDialog = lazy(() => import('./DeleteDialog'));

/**
 * The user's songs as cards with their states and actions, the pagination (20 a page, count from listNumber), the
 * loading / failure / empty states and the delete confirmation (确认删除: 删除后无法恢复，是否继续？ 取消 / 确定).
 * `columns` is the widest grid (1 in the drawer).
 */
export function WorkList({
  works,
  page,
  onPageChange,
  columns = 2,
  emptyAction,
  dense = false,
}: {
  works: MyWorks;
  page: number;
  onPageChange: (page: number) => void;
  columns?: 1 | 2 | 3;
  emptyAction?: ReactNode;
  dense?: boolean;
}) {
  const { songs, pages, generating } = works;
  const now = useNow(generating);
  const [toDelete, setToDelete] = useState<UserSong | null>(null);
  // Mounted from the first delete on, so the dialog can animate its closing.
  const [deleteWanted, setDeleteWanted] = useState(false);
  const askDelete = (song: UserSong) => {
    setDeleteWanted(true);
    setToDelete(song);
  };
  const remove = useDeleteSong();

  const confirmDelete = () => {
    const song = toDelete;
    setToDelete(null);
    if (!song) return;
    remove.mutate(song.native_id, {
      onSuccess: () => {
        notify(zhWorks.deleted, 'success');
        // The last song of a later page went: show the page before.
        if (page > 1 && (songs.data?.length ?? 0) <= 1) onPageChange(page - 1);
      },
    });
  };

  if (songs.isError) {
    const network = songs.error instanceof ApiError && (songs.error.kind === 'network' || songs.error.kind === 'timeout');
    return network ? <StatusState kind="error" dense={dense} /> : <StatusState kind="error" dense={dense} text={zh.errors.listLoad} />;
  }
  if (songs.isPending) return <StatusState kind="loading" dense={dense} />;
  if (songs.data.length === 0 && page === 1)
    return <StatusState kind="empty" dense={dense} title={zhWorks.emptyTitle} text={zhWorks.emptyText} action={emptyAction} />;

  return (
    <>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: {
            xs: '1fr',
            sm: `repeat(${Math.min(columns, 2)}, minmax(0, 1fr))`,
            lg: `repeat(${columns}, minmax(0, 1fr))`,
          },
        }}
      >
        {songs.data.map((song, index) => (
          <WorkCard key={song.native_id} song={song} now={now} onDelete={askDelete} priority={index < PRIORITY_COVERS} />
        ))}
      </Box>
      {pages > 1 ? (
        <Stack component="nav" aria-label={zhWorks.pagination} sx={{ alignItems: 'center', mt: 2 }}>
          <Pagination
            count={pages}
            page={Math.min(page, pages)}
            onChange={(_, p) => onPageChange(p)}
            color="primary"
            siblingCount={dense ? 0 : 1}
          />
        </Stack>
      ) : null}
      {deleteWanted ? (
        <Suspense fallback={null}>
          <DeleteDialog open={toDelete !== null} onCancel={() => setToDelete(null)} onConfirm={confirmDelete} />
        </Suspense>
      ) : null}
    </>
  );
}
