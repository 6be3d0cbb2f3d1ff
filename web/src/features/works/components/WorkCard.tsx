import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import AutoAwesomeIcon from 'icon:AutoAwesome';
import DeleteOutlineIcon from 'icon:DeleteOutlined';
import DownloadIcon from 'icon:Download';
import ErrorOutlineIcon from 'icon:ErrorOutlined';
import EditNoteIcon from 'icon:EditNote';
import FavoriteIcon from 'icon:Favorite';
import GraphicEqIcon from 'icon:GraphicEq';
import MergeTypeIcon from 'icon:MergeType';
import FavoriteBorderIcon from 'icon:FavoriteBorder';
import PauseIcon from 'icon:Pause';
import PlayArrowIcon from 'icon:PlayArrow';
import ShareIcon from 'icon:Share';
import TuneIcon from 'icon:Tune';
import { lazy, type MouseEvent, type ReactNode, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../../lib/api-client';
import { copyText } from '../../../lib/clipboard';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDate } from '../../../lib/date';
import { CARD_TITLE_MAX, truncate } from '../../../lib/format';
import { displayTags } from '../../../lib/genres';
import { usePlayer } from '../../../lib/player';
import { progressSince } from '../../../lib/progress';
import type { UserSong } from '../../../lib/types';
import { zhCreate } from '../../../strings/create';
import { zhWorks } from '../../../strings/works';
import { SongCounts } from '../../../components/SongCounts';
import { SongCover } from '../../../components/SongCover';
import { toPlayerSong } from '../../../components/SongList';
import { saveSongFile, type SongFormat } from '../api/downloadSong';
import { useLikeSong } from '../../songs/api/useLikeSong';
import { useOpenSong } from '../api/useOpenSong';
import { useShareSong } from '../../songs/api/useShareSong';
import { similarHref } from '../links';

const COVER = 88;

// Loaded when first opened.
const ExtendDialog = lazy(() => import('./ExtendDialog'));
const JoinDialog = lazy(() => import('./JoinDialog').then((m) => ({ default: m.JoinDialog })));
const StudioMenu = lazy(() => import('../../studio/StudioMenu'));

function Action({
  label,
  onClick,
  disabled,
  pressed,
  children,
}: {
  label: string;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
  disabled?: boolean;
  pressed?: boolean;
  children: ReactNode;
}) {
  // Its name shows as a tooltip on hover and keyboard focus, drawn by ui.css (.gq-tip) from the button's own
  // attribute: a card has up to nine of these, and a page up to 20 cards, too many for one MUI Tooltip each.
  return (
    <IconButton
      size="small"
      className="gq-tip"
      data-tip={label}
      aria-label={label}
      aria-pressed={pressed}
      onClick={onClick}
      disabled={disabled}
    >
      {children}
    </IconButton>
  );
}

/** A spinner in place of an icon or cover (hidden from screen readers: the text beside it says what happens). */
function Spinner({ size }: { size: number }) {
  return <CircularProgress size={size} aria-hidden />;
}

/**
 * One of the user's songs (docs/web.md): generating (spinner and the progress text, moving with `now`), done
 * (playable) or failed (生成错误 / 积分已退还, no image, the failure sentence, its switch disabled), with the actions
 * play/pause (the global audio), like, 生成类似, 继续创作 (the extend dialog), for a finished extension 合成完整歌曲
 * (the join dialog), 工作室 (features/studio: stems, MIDI, a cover, the stems ZIP when `hasStems`), share, download
 * (and, for members, the lossless WAV), delete and the public switch. An extension says 续写作品, a joined whole song
 * 完整版, a cover 换风格 and a stem its part (人声音轨) next to its date. Used by /mywork and by the 音乐列表 drawer of
 * /create. Deleting asks the list to confirm (`onDelete`).
 */
export function WorkCard({
  song,
  now,
  onDelete,
  priority = false,
  hasStems = false,
}: {
  song: UserSong;
  now: number;
  onDelete: (song: UserSong) => void;
  /** Finished stems split from this song are on the page: 工作室 offers their ZIP. */
  hasStems?: boolean;
  /** Load the cover at once, with high priority (one of the first cards on screen). */
  priority?: boolean;
}) {
  const player = usePlayer();
  const navigate = useNavigate();
  const openSong = useOpenSong();
  const share = useShareSong();
  const like = useLikeSong();
  const [downloading, setDownloading] = useState<SongFormat | null>(null);
  const [extending, setExtending] = useState(false);
  const [joining, setJoining] = useState(false);
  const [studio, setStudio] = useState<HTMLElement | null>(null);
  const { user } = useCurrentUser();
  const member = (user?.membershipLevel ?? 0) >= 1;

  const done = song.complete === 1;
  const generating = song.complete === 0;
  const failed = song.complete === -1;
  const playing = player.isPlaying(song.native_id);
  const tags = displayTags(song.tags);
  // Only a finished extension can be joined into a whole song (the server refuses anything else).
  const joinable = done && song.origin === 'extend';
  let lineage: string | null = null;
  if (song.origin === 'extend') lineage = zhWorks.originExtend;
  else if (song.origin === 'concat') lineage = zhWorks.originConcat;
  else if (song.origin === 'cover') lineage = zhWorks.originCover;
  // A stem's part (《海浪》人声 → 人声音轨): the card's title is cut after five characters.
  else if (song.origin === 'stems' || song.origin === 'all_stems')
    lineage = `${/》(.*)$/.exec(song.title)?.[1] ?? ''}音轨`;

  /** Runs `action` for a finished song; otherwise says why not. */
  const whenDone =
    (action: () => void, notDone: string = zhCreate.onlyCompleted) =>
    () => {
      if (generating) notify(zhCreate.generatingWait, 'warning');
      else if (!done) notify(notDone, 'warning');
      else action();
    };

  const onPlay = whenDone(() => player.toggle(toPlayerSong(song)));

  const onLike = whenDone(() => like.mutate({ nativeId: song.native_id, like: !song.liked }));

  const onSimilar = () => {
    if (!done) notify(zhCreate.onlyCompleted, 'warning');
    else navigate(similarHref(song.title, song.tags));
  };

  const onExtend = whenDone(() => setExtending(true));

  const onStudio = (event: MouseEvent<HTMLButtonElement>) => {
    const anchor = event.currentTarget;
    whenDone(() => setStudio(anchor))();
  };

  const onShare = whenDone(() => {
    share.mutate(song.native_id, {
      onSuccess: async ({ url }) => {
        if (await copyText(url)) notify(zhWorks.linkCopied, 'success');
        else notify(zhWorks.copyFailed(url), 'warning');
      },
    });
  });

  const download = (format: SongFormat) =>
    whenDone(() => {
      if (!song.native_audio_url) {
        notify(zhWorks.noDownloadLink, 'warning');
        return;
      }
      setDownloading(format);
      void saveSongFile(song.native_id, song.title, format).finally(() => setDownloading(null));
    });
  const onDownload = download('mp3');
  const onDownloadWav = download('wav');

  const onSwitch = () => {
    const open: 0 | 1 = song.open === 1 ? 0 : 1;
    openSong.mutate({ nativeId: song.native_id, open }, { onSuccess: () => notify(zhWorks.statusChanged, 'success') });
  };

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
        <FormControlLabel
          className="gq-switch-field"
          labelPlacement="bottom"
          label={zhWorks.publicSwitch}
          control={
            <Switch
              size="small"
              checked={!failed && song.open === 1}
              disabled={failed || openSong.isPending}
              onChange={onSwitch}
            />
          }
        />
      </div>
      {failed ? <p className="gq-body2 gq-muted gq-work-failed">{zhWorks.failedText}</p> : null}
      <div className={failed ? 'gq-work-actions gq-work-actions-end' : 'gq-work-actions'}>
        {failed ? null : (
          // While generating, the song's actions are shown dimmed; clicking one says why it waits.
          <div className={generating ? 'gq-work-song-actions gq-dimmed' : 'gq-work-song-actions'}>
            <Action label={playing ? zhWorks.pause : zhWorks.play} onClick={onPlay}>
              {playing ? <PauseIcon size={20} /> : <PlayArrowIcon size={20} />}
            </Action>
            <Action
              label={song.liked ? zhWorks.unlike : zhWorks.like}
              pressed={!!song.liked}
              onClick={onLike}
              disabled={like.isPending}
            >
              {song.liked ? <FavoriteIcon size={20} className="gq-error-text" /> : <FavoriteBorderIcon size={20} />}
            </Action>
            <Action label={zhWorks.similar} onClick={onSimilar}>
              <AutoAwesomeIcon size={20} />
            </Action>
            <Action label={zhWorks.extend} onClick={onExtend}>
              <EditNoteIcon size={20} />
            </Action>
            {joinable ? (
              <Action label={zhWorks.join} onClick={() => setJoining(true)}>
                <MergeTypeIcon size={20} />
              </Action>
            ) : null}
            <Action label={zhWorks.studio} onClick={onStudio}>
              <TuneIcon size={20} />
            </Action>
            <Action label={zhWorks.share} onClick={onShare} disabled={share.isPending}>
              <ShareIcon size={20} />
            </Action>
            <Action label={zhWorks.download} onClick={onDownload} disabled={downloading !== null}>
              {downloading === 'mp3' ? <Spinner size={18} /> : <DownloadIcon size={20} />}
            </Action>
            {member ? (
              <Action label={zhWorks.downloadWav} onClick={onDownloadWav} disabled={downloading !== null}>
                {downloading === 'wav' ? <Spinner size={18} /> : <GraphicEqIcon size={20} />}
              </Action>
            ) : null}
          </div>
        )}
        <Action label={zhWorks.delete} onClick={() => onDelete(song)}>
          <DeleteOutlineIcon size={20} />
        </Action>
      </div>
      {extending ? (
        <Suspense fallback={null}>
          <ExtendDialog song={song} open={extending} onClose={() => setExtending(false)} />
        </Suspense>
      ) : null}
      {joining ? (
        <Suspense fallback={null}>
          <JoinDialog song={song} onClose={() => setJoining(false)} />
        </Suspense>
      ) : null}
      {studio ? (
        <Suspense fallback={null}>
          <StudioMenu
            song={{
              id: song.native_id,
              title: song.title,
              origin: song.origin ?? 'generate',
              mine: true,
              hasStems,
              sourceId: song.source_id,
            }}
            anchor={studio}
            save={saveSongFile}
            onClose={() => setStudio(null)}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}
