// A work card's controls (WorkCard.tsx): the public switch and the actions row with the dialogs and the studio menu
// they open. A module of its own, loaded once the list has drawn its first cards, so the code of its MUI controls
// (Switch, FormControlLabel, IconButton) and of what they do is not in the way of the first screen's covers
// (docs/web-performance.md, "My works before the app").
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import AutoAwesomeIcon from 'icon:AutoAwesome';
import DeleteOutlineIcon from 'icon:DeleteOutlined';
import DownloadIcon from 'icon:Download';
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
import { type PlayerSong, usePlayer } from '../../../lib/player';
import type { UserSong } from '../../../lib/types';
import { zhCreate } from '../../../strings/create';
import { zhWorks } from '../../../strings/works';
import { saveSongFile, type SongFormat } from '../api/downloadSong';
import { useLikeSong } from '../../songs/api/useLikeSong';
import { useOpenSong } from '../api/useOpenSong';
import { useShareSong } from '../../songs/api/useShareSong';
import { similarHref } from '../links';

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

/** The song's state and the guard of the actions that need a finished song. */
function songState(song: UserSong) {
  const done = song.complete === 1;
  const generating = song.complete === 0;
  const failed = song.complete === -1;
  /** Runs `action` for a finished song; otherwise says why not. */
  const whenDone =
    (action: () => void, notDone: string = zhCreate.onlyCompleted) =>
    () => {
      if (generating) notify(zhCreate.generatingWait, 'warning');
      else if (!done) notify(notDone, 'warning');
      else action();
    };
  return { done, generating, failed, whenDone };
}

/** The public switch (MUI's FormControlLabel and small Switch). */
export function PublicSwitch({ song }: { song: UserSong }) {
  const openSong = useOpenSong();
  const failed = song.complete === -1;
  const onSwitch = () => {
    const open: 0 | 1 = song.open === 1 ? 0 : 1;
    openSong.mutate({ nativeId: song.native_id, open }, { onSuccess: () => notify(zhWorks.statusChanged, 'success') });
  };
  return (
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
  );
}

/** The card's actions row (MUI IconButtons) with the dialogs and the studio menu they open. */
export function WorkActions({
  song,
  member,
  hasStems,
  onDelete,
  toPlayerSong,
}: {
  song: UserSong;
  member: boolean;
  hasStems: boolean;
  onDelete: (song: UserSong) => void;
  /** components/SongList's, handed over by the card so that this chunk shares no module with the lists' pages. */
  toPlayerSong: (song: UserSong) => PlayerSong;
}) {
  const player = usePlayer();
  const navigate = useNavigate();
  const share = useShareSong();
  const like = useLikeSong();
  const [downloading, setDownloading] = useState<SongFormat | null>(null);
  const [extending, setExtending] = useState(false);
  const [joining, setJoining] = useState(false);
  const [studio, setStudio] = useState<HTMLElement | null>(null);
  const { done, generating, failed, whenDone } = songState(song);
  const playing = player.isPlaying(song.native_id);
  // Only a finished extension can be joined into a whole song (the server refuses anything else).
  const joinable = done && song.origin === 'extend';

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

  return (
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
    </div>
  );
}
