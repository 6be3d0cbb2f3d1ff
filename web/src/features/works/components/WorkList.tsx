import { type ReactNode, useEffect, useLayoutEffect, useState } from 'react';
import { ApiError, notify } from '../../../lib/api-client';
import type { UserSong } from '../../../lib/types';
import { zh } from '../../../strings/zh-CN';
import { zhWorks } from '../../../strings/works';
import { StatusState } from '../../../components/StatusState';
import { useCurrentUser } from '../../../lib/current-user';
import { useProgressiveCount } from '../../../lib/deferred';
import { useDeleteSong } from '../api/useDeleteSong';
import type { MyWorks } from '../useMyWorks';
import { useNow } from '../useNow';
import { loadControls, WorkCard } from './WorkCard';
import { EARLY_COVERS } from '../../../lib/early-fetch';
import { lazyPart } from '../../../lib/lazy-part';

// The delete confirmation (MUI's Dialog) loads when first asked; the pagination when there is a second page.
const ConfirmDialog = lazyPart(() => import('../../../ui/ConfirmDialog'));
const Pagination = lazyPart(() => import('@mui/material/Pagination'), <div className="gq-pagination-room" />);

/** Cards whose covers load at once with high priority (the first screen's, one of which is often its largest paint). */
const PRIORITY_COVERS = EARLY_COVERS;
/**
 * Cards rendered in the first task: every card whose cover is on the first screen, so the covers are drawn together
 * (each card's controls follow in a task of its own: WorkCard.tsx); the rest follow a few per task.
 */
const FIRST_CARDS = PRIORITY_COVERS;
/** Cards added per later task. */
const NEXT_CARDS = 2;
/** A card's height before it renders (cover, padding and the actions row: 154 px measured), so nothing moves later. */
const CARD_MIN_HEIGHT = 154;

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
  onCardsShown,
}: {
  works: MyWorks;
  page: number;
  onPageChange: (page: number) => void;
  columns?: 1 | 2 | 3;
  emptyAction?: ReactNode;
  dense?: boolean;
  /** Called in the commit that first renders cards (before it is painted): /mywork drops its early preview then. */
  onCardsShown?: () => void;
}) {
  const { songs, pages, generating } = works;
  const now = useNow(generating);
  const [toDelete, setToDelete] = useState<UserSong | null>(null);
  const remove = useDeleteSong();
  // Members get the lossless WAV on every card: asked once here rather than by each card.
  const member = (useCurrentUser().user?.membershipLevel ?? 0) >= 1;
  // The first cards render at once, the rest a few per later task (lib/deferred.tsx), with room kept for them.
  const shown = useProgressiveCount(songs.data?.length ?? 0, FIRST_CARDS, NEXT_CARDS);
  // The cards' controls (their own chunk: WorkCard.tsx) are asked for once the first cards have been painted, so
  // their download does not compete with the covers and the list's own code.
  const hasCards = (songs.data?.length ?? 0) > 0;
  const cardsRendered = hasCards && !songs.isError;
  useLayoutEffect(() => {
    if (cardsRendered) onCardsShown?.();
  }, [cardsRendered, onCardsShown]);
  useEffect(() => {
    if (!hasCards) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => void loadControls().catch(() => undefined), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [hasCards]);
  // The songs of this page that have finished stems on it (工作室 offers their ZIP).
  const split = new Set<string>();
  for (const s of songs.data ?? [])
    if ((s.origin === 'stems' || s.origin === 'all_stems') && s.complete === 1 && s.source_id) split.add(s.source_id);

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
    const network =
      songs.error instanceof ApiError && (songs.error.kind === 'network' || songs.error.kind === 'timeout');
    return network ? (
      <StatusState kind="error" dense={dense} />
    ) : (
      <StatusState kind="error" dense={dense} text={zh.errors.listLoad} />
    );
  }
  if (songs.isPending) return <StatusState kind="loading" dense={dense} />;
  if (songs.data.length === 0 && page === 1)
    return (
      <StatusState
        kind="empty"
        dense={dense}
        title={zhWorks.emptyTitle}
        text={zhWorks.emptyText}
        action={emptyAction}
      />
    );

  return (
    <>
      <div className={`gq-work-grid gq-work-grid-${columns}`}>
        {songs.data.map((song, index) =>
          index < shown ? (
            <WorkCard
              key={song.native_id}
              song={song}
              now={now}
              onDelete={setToDelete}
              member={member}
              priority={index < PRIORITY_COVERS}
              hasStems={split.has(song.native_id)}
            />
          ) : (
            <div key={song.native_id} aria-hidden style={{ minHeight: CARD_MIN_HEIGHT }} />
          ),
        )}
      </div>
      {pages > 1 ? (
        <Pagination
          className="gq-pagination"
          color="primary"
          count={pages}
          page={Math.min(page, pages)}
          onChange={(_event, next) => onPageChange(next)}
          aria-label={zhWorks.pagination}
          siblingCount={dense ? 0 : 1}
        />
      ) : null}
      {toDelete ? (
        <ConfirmDialog
          title={zhWorks.deleteTitle}
          text={zhWorks.deleteConfirm}
          cancelLabel={zhWorks.cancel}
          confirmLabel={zhWorks.confirm}
          onCancel={() => setToDelete(null)}
          onConfirm={confirmDelete}
          danger
        />
      ) : null}
    </>
  );
}
