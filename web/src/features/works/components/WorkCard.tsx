import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import ErrorOutlineIcon from 'icon:ErrorOutlined';
import { lazy, type ReactNode, Suspense } from 'react';
import { useIdleReady } from '../../../lib/deferred';
import { formatDate } from '../../../lib/date';
import { CARD_TITLE_MAX, truncate } from '../../../lib/format';
import { displayTags } from '../../../lib/genres';
import { progressSince } from '../../../lib/progress';
import type { UserSong } from '../../../lib/types';
import { zhWorks } from '../../../strings/works';
import { SongCounts } from '../../../components/SongCounts';
import { SongCover } from '../../../components/SongCover';
import { toPlayerSong } from '../../../components/SongList';

const COVER = 88;

/** The controls' module (./WorkCardControls.tsx); WorkList starts loading it once it has drawn its first cards. */
export const loadControls = () => import('./WorkCardControls');
const PublicSwitch = lazy(() => loadControls().then((m) => ({ default: m.PublicSwitch })));
const WorkActions = lazy(() => loadControls().then((m) => ({ default: m.WorkActions })));

/** A generating song's spinner in place of its cover (hidden from screen readers: the text beside it says so). */
function Spinner({ size }: { size: number }) {
  return <CircularProgress size={size} aria-hidden />;
}

/**
 * The room a card's actions row takes before its buttons render: the same boxes, with an empty one of an icon button's
 * size for each (ui.css `.gq-action-room`), so the row has its final height and nothing moves when they come.
 */
function ActionsRoom({ song, member }: { song: UserSong; member: boolean }) {
  const failed = song.complete === -1;
  const songActions = 7 + (song.complete === 1 && song.origin === 'extend' ? 1 : 0) + (member ? 1 : 0);
  const room = (count: number) => Array.from({ length: count }, (_, i) => <span key={i} className="gq-action-room" />);
  return (
    <div className={failed ? 'gq-work-actions gq-work-actions-end' : 'gq-work-actions'} aria-hidden>
      {failed ? null : <div className="gq-work-song-actions">{room(songActions)}</div>}
      {room(1)}
    </div>
  );
}

/** The room the public switch takes before it renders. */
const SWITCH_ROOM = <span className="gq-switch-room" aria-hidden />;

/**
 * One of the user's songs (docs/web.md): generating (spinner and the progress text, moving with `now`), done
 * (playable) or failed (生成错误 / 积分已退还, no image, the failure sentence, its switch disabled), with the actions
 * play/pause (the global audio), like, 生成类似, 继续创作 (the extend dialog), for a finished extension 合成完整歌曲
 * (the join dialog), 工作室 (features/studio: stems, MIDI, a cover, the stems ZIP when `hasStems`), share, download
 * (and, for members, the lossless WAV), delete and the public switch. An extension says 续写作品, a joined whole song
 * 完整版, a cover 换风格 and a stem its part (人声音轨) next to its date. Used by /mywork and by the 音乐列表 drawer of
 * /create. Deleting asks the list to confirm (`onDelete`).
 *
 * A card first renders its cover and text, with room of the same size kept for its switch and its actions row. Those
 * (./WorkCardControls.tsx: a Switch and up to ten IconButtons, most of a card's work and code) render in a task of their
 * own after the card's (lib/deferred.tsx), once their chunk has come: the first screen's covers are drawn sooner, no
 * one task builds every card's controls, and their code does not hold up the covers (docs/web-performance.md, "My works
 * before the app").
 */
export function WorkCard({
  song,
  now,
  onDelete,
  member = false,
  priority = false,
  hasStems = false,
}: {
  song: UserSong;
  now: number;
  onDelete: (song: UserSong) => void;
  /** The user is a member (level ≥ 1): the card offers the lossless WAV. */
  member?: boolean;
  /** Finished stems split from this song are on the page: 工作室 offers their ZIP. */
  hasStems?: boolean;
  /** Load the cover at once, with high priority (one of the first cards on screen). */
  priority?: boolean;
}) {
  const controls = useIdleReady();
  const generating = song.complete === 0;
  const failed = song.complete === -1;
  const tags = displayTags(song.tags);
  let lineage: string | null = null;
  if (song.origin === 'extend') lineage = zhWorks.originExtend;
  else if (song.origin === 'concat') lineage = zhWorks.originConcat;
  else if (song.origin === 'cover') lineage = zhWorks.originCover;
  // A stem's part (《海浪》人声 → 人声音轨): the card's title is cut after five characters.
  else if (song.origin === 'stems' || song.origin === 'all_stems')
    lineage = `${/》(.*)$/.exec(song.title)?.[1] ?? ''}音轨`;

  const actionsRoom = <ActionsRoom song={song} member={member} />;

  let cover: ReactNode;
  if (failed)
    cover = (
      <div className="gq-work-cover">
        <ErrorOutlineIcon className="gq-error-text" />
      </div>
    );
  else if (generating)
    cover = (
      <div className="gq-work-cover">
        <Spinner size={28} />
      </div>
    );
  else cover = <SongCover src={song.native_image_url} width={COVER} height={COVER} radius={1.5} priority={priority} />;

  const title = failed ? zhWorks.failedTitle : truncate(song.title, CARD_TITLE_MAX);
  let subtitle: string;
  if (failed) subtitle = zhWorks.failedSubtitle;
  else if (generating) subtitle = zhWorks.generatingProgress(progressSince(song.progress_started_at, now));
  else subtitle = tags.join(' · ');

  return (
    <Card component="article" className="gq-work" aria-label={song.title || title}>
      <div className="gq-work-head">
        {cover}
        <div className="gq-work-text">
          <h2 className="gq-work-title gq-nowrap" title={failed ? undefined : song.title}>
            {title}
          </h2>
          {subtitle ? (
            <p className={failed ? 'gq-body2 gq-nowrap gq-error-text' : 'gq-body2 gq-nowrap gq-muted'}>{subtitle}</p>
          ) : null}
          <span className="gq-caption gq-muted">
            <time dateTime={song.created_at} title={zhWorks.createdAt}>
              {formatDate(song.created_at)}
            </time>
            {lineage ? (
              // On the date's line, so the label never changes the card's height.
              <>
                {' · '}
                <b>{lineage}</b>
              </>
            ) : null}
          </span>
          {failed ? null : <SongCounts plays={song.play_count} likes={song.likeCount} dense />}
        </div>
        <Suspense fallback={SWITCH_ROOM}>{controls ? <PublicSwitch song={song} /> : SWITCH_ROOM}</Suspense>
      </div>
      {failed ? <p className="gq-body2 gq-muted gq-work-failed">{zhWorks.failedText}</p> : null}
      <Suspense fallback={actionsRoom}>
        {controls ? (
          <WorkActions
            song={song}
            member={member}
            hasStems={hasStems}
            onDelete={onDelete}
            toPlayerSong={toPlayerSong}
          />
        ) : (
          actionsRoom
        )}
      </Suspense>
    </Card>
  );
}
