import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Slider from '@mui/material/Slider';
import ErrorOutlineIcon from 'icon:ErrorOutlined';
import FavoriteIcon from 'icon:Favorite';
import GraphicEqIcon from 'icon:GraphicEq';
import LyricsIcon from 'icon:Lyrics';
import FavoriteBorderIcon from 'icon:FavoriteBorder';
import Forward10Icon from 'icon:Forward10';
import InfoOutlinedIcon from 'icon:InfoOutlined';
import PauseIcon from 'icon:Pause';
import PlayArrowIcon from 'icon:PlayArrow';
import Replay10Icon from 'icon:Replay10';
import ReportProblemOutlinedIcon from 'icon:ReportProblemOutlined';
import ShareIcon from 'icon:Share';
import SkipNextIcon from 'icon:SkipNext';
import SkipPreviousIcon from 'icon:SkipPrevious';
import TuneIcon from 'icon:Tune';
import {
  lazy,
  memo,
  type ReactNode,
  startTransition,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { SongCover } from '../../components/SongCover';
import { StatusState } from '../../components/StatusState';
import { notify } from '../../lib/api-client';
import { copyText } from '../../lib/clipboard';
import { useCurrentUser } from '../../lib/current-user';
import { formatCount, formatDuration } from '../../lib/format';
import { type PlayerSong, usePlaybackTime, usePlayer } from '../../lib/player';
import { type PlayerQuery, parsePlayerQuery, playerHref } from '../../lib/player-links';
import { requestLogin } from '../../lib/session';
import type { SongDetail } from '../../lib/types';
import { zh } from '../../strings/zh-CN';
import { zhPlayer } from '../../strings/player';
import { useLikeSong } from '../songs/api/useLikeSong';
import { useShareSong } from '../songs/api/useShareSong';
import { saveSongFile, type SongFileKind } from '../works/api/downloadSong';
import { songDetailQuery, useSongDetail } from './api/useSongDetail';
import { lazyPart } from '../../lib/lazy-part';
import { readTimeline } from './lyrics';
import {
  currentId,
  initialPlayerState,
  type PlayerEffect,
  type PlayerPageAction,
  type PlayerPageState,
  SKIP_SECONDS,
  stepPlayer,
} from './state';

/** The 提示 bar closes by itself after this long (docs/web.md). */
export const MESSAGE_TIMEOUT_MS = 2000;

/** A large control icon (MUI's fontSize large). */
const LARGE_ICON = 35;

// MUI's Alert, Accordion and the lyric panel load when a notice, a message or the song's lyrics first show.
const Alert = lazyPart(() => import('@mui/material/Alert'));
const AlertTitle = lazyPart(() => import('@mui/material/AlertTitle'));
// The genres' chips (with the genre dictionary) come right after the page's first load; until then their row's room.
const PlayerTags = lazyPart(() => import('./components/PlayerTags'), <div className="gq-chips" aria-hidden />);
void PlayerTags.preload().catch(() => undefined);
const LyricsAccordion = lazyPart(() => import('./components/LyricsAccordion'), <div className="gq-lyrics-room" />);
// The 工作室 menu (features/studio) loads when first opened.
const StudioMenu = lazy(() => import('../studio/StudioMenu'));

/** A notice under the cover (MUI's Alert). */
function Notice({ severity, children }: { severity: 'warning' | 'error'; children: ReactNode }) {
  const Icon = severity === 'warning' ? ReportProblemOutlinedIcon : ErrorOutlineIcon;
  return (
    <Alert severity={severity} icon={<Icon size={22} />} className="gq-player-notice">
      {children}
    </Alert>
  );
}

function toPlayerSong(song: SongDetail): PlayerSong {
  return {
    id: song.nativeId,
    title: song.title,
    audio: song.audio,
    image: song.imageUrl,
    artist: song.userName,
    tags: song.tags,
  };
}

/**
 * /musicPlayer?id=…|ids=…[&index=…] (docs/web.md): the cover (280 px) with title and artist over it, title, artist
 * and Chinese genres, the seek slider with mm:ss and duration, the five controls, like and share, the lyric panel and
 * the 提示 bar. It drives the one global audio (lib/player), so the song keeps playing after leaving the page.
 */
export default function PlayerPage() {
  const [params] = useSearchParams();
  // A new address (another song or playlist) starts the page over.
  return <PlayerView key={params.toString()} query={parsePlayerQuery(params)} />;
}

/** The page state machine (./state) with its effects applied to the global audio. */
function usePlayerMachine(query: PlayerQuery) {
  const { play, pause, seek } = usePlayer();
  const [state, setState] = useState<PlayerPageState>(() => initialPlayerState(query.ids, query.playlist, query.index));
  const stateRef = useRef(state);
  /** The current track's song once known (the page keeps it up to date): what a play effect plays. */
  const songRef = useRef<SongDetail | null>(null);

  const run = useCallback(
    (effect: PlayerEffect) => {
      if (effect.type === 'pause') pause();
      else if (effect.type === 'seek') seek(effect.time);
      else if (songRef.current) play(toPlayerSong(songRef.current), { count: effect.count });
    },
    [play, pause, seek],
  );

  const dispatch = useCallback(
    (action: PlayerPageAction) => {
      const { state: next, effects } = stepPlayer(stateRef.current, action);
      if (next !== stateRef.current) {
        stateRef.current = next;
        setState(next);
      }
      effects.forEach(run);
    },
    [run],
  );
  return [state, dispatch, songRef] as const;
}

/** The player detail's answer for one song id, as the page renders it. */
interface SongAnswer {
  id: string | null;
  status: 'pending' | 'error' | 'success';
  data: SongDetail | null | undefined;
}
const NO_ANSWER: SongAnswer = { id: null, status: 'pending', data: undefined };

/** The song's answer as the query cache already holds it, if it does. */
function cachedAnswer(queryClient: QueryClient, id: string | null): SongAnswer {
  if (!id) return NO_ANSWER;
  const cached = queryClient.getQueryState<SongDetail | null>(songDetailQuery(id).queryKey);
  return cached?.status === 'success' ? { id, status: 'success', data: cached.data } : NO_ANSWER;
}

/**
 * Asks for the song (GET /music/getMusic) and hands each new answer to the page in a transition. A query's answer
 * re-renders its subscribers at once and in one piece (TanStack Query subscribes through useSyncExternalStore, whose
 * updates React never slices): here that re-render is this empty component, and the page's own (the cover, the
 * genres, the actions, the lyrics) is a transition, which React splits into short slices, so the answer does not hold
 * a slow phone's main thread for a tenth of a second (docs/web-performance.md, "Rendering in slices").
 */
const SongDetailSource = memo(function SongDetailSource({
  id,
  onAnswer,
}: {
  id: string;
  onAnswer: (answer: SongAnswer) => void;
}) {
  const { status, data } = useSongDetail(id);
  useEffect(() => {
    startTransition(() => onAnswer({ id, status, data }));
  }, [id, status, data, onAnswer]);
  return null;
});

export function PlayerView({ query }: { query: PlayerQuery }) {
  const player = usePlayer();
  const { load } = player;
  const [state, dispatch, songRef] = usePlayerMachine(query);
  const id = currentId(state);
  // The song's answer reaches the page through SongDetailSource, as a transition (see there); a song already asked
  // for (back to the page, the next track seen before) shows at once.
  const queryClient = useQueryClient();
  const [answer, setAnswer] = useState<SongAnswer>(() => cachedAnswer(queryClient, id));
  const detail = answer.id === id ? answer : NO_ANSWER;
  const song = detail.data ?? null;
  const ready = !!song && song.nativeId === id;
  songRef.current = ready ? song : null;
  const time = usePlaybackTime();
  const messageTitleId = useId();
  const rawTimeline = ready ? song.timeline : null;
  const timeline = useMemo(() => readTimeline(rawTimeline), [rawTimeline]);

  // Once the current track's song is known, it goes into the global audio (once per track), then the machine decides
  // whether it starts.
  const loadedKey = useRef<string | null>(null);
  useEffect(() => {
    if (!song || !id || song.nativeId !== id) return;
    const key = `${state.index}:${id}`;
    if (loadedKey.current === key) return;
    loadedKey.current = key;
    // The redraw this asks for (the global audio's current song, the machine's state) is a transition, which React
    // slices, so it does not hold a slow phone's main thread in one piece (docs/web-performance.md).
    startTransition(() => {
      load(toPlayerSong(song));
      dispatch({ type: 'loaded' });
    });
  }, [song, id, state.index, load, dispatch]);

  // The playing flag follows the audio (refused autoplay, the end of the track, media keys) while it holds this track.
  const isCurrent = !!id && player.current?.id === id;
  useEffect(() => {
    if (isCurrent) dispatch({ type: 'audio', playing: player.playing });
  }, [isCurrent, player.playing, dispatch]);
  useEffect(() => {
    const audio = player.getAudio();
    if (!audio || !isCurrent) return undefined;
    const onEnded = () => dispatch({ type: 'ended' });
    audio.addEventListener('ended', onEnded);
    return () => audio.removeEventListener('ended', onEnded);
  }, [player, isCurrent, dispatch]);

  // A lyric line plays the song from its start (loading it first when another song holds the audio).
  const onJump = useCallback(
    (seconds: number) => {
      const current = songRef.current;
      if (!current) return;
      if (!isCurrent) load(toPlayerSong(current));
      dispatch({ type: 'jump', time: seconds });
    },
    [isCurrent, load, dispatch, songRef],
  );

  // The 提示 bar closes after 2 seconds (each new message restarts the wait).
  const messageKey = state.message?.key;
  useEffect(() => {
    if (messageKey === undefined) return undefined;
    const timer = setTimeout(() => dispatch({ type: 'closeMessage' }), MESSAGE_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [messageKey, dispatch]);

  const [lyricsOpen, setLyricsOpen] = useLyricsOpen(ready ? song.nativeId : null, !!timeline);
  const lyricsId = useId();

  if (!id) {
    return (
      <PageContainer maxWidth={880}>
        <PageTitle title={zhPlayer.title} />
        <StatusState kind="empty" text={zhPlayer.noSong} />
      </PageContainer>
    );
  }

  let songTitle: string = zhPlayer.loading;
  const failed = detail.status === 'error';
  const offShelf = detail.status === 'success' && !song;
  if (failed) songTitle = zhPlayer.loadFailed;
  else if (offShelf) songTitle = zhPlayer.offShelf;
  else if (ready) songTitle = song.title;

  const duration = (isCurrent && time.duration > 0 ? time.duration : 0) || (ready ? song.duration : 0) || 0;
  const position = isCurrent ? Math.min(time.currentTime, duration || time.currentTime) : 0;
  const sliderValue = state.dragging ? state.dragValue : position;
  const canControl = ready && isCurrent;

  const sliderMax = duration > 0 ? duration : 1;

  return (
    <PageContainer maxWidth={880}>
      <SongDetailSource id={id} onAnswer={setAnswer} />
      <PageTitle title={zhPlayer.title} />
      <div className="gq-player">
        <div className="gq-player-cover">
          <SongCover src={ready ? song.imageUrl : null} width="100%" height={280} radius={0} priority />
          <div className="gq-player-cover-caption" aria-hidden>
            <p className="gq-nowrap">{songTitle}</p>
            {ready ? <p>{song.userName}</p> : null}
          </div>
        </div>
        {offShelf ? <Notice severity="warning">{zh.errors.songHidden}</Notice> : null}
        {failed ? <Notice severity="error">{zh.errors.songInfoFailed}</Notice> : null}

        <Paper variant="outlined" className="gq-panel gq-player-panel">
          <div className="gq-player-head">
            <div className="gq-player-title">
              <h2 className="gq-h2">{songTitle}</h2>
              {/* The artist's line and the genres' row keep their place while the song loads, so the controls below
                  do not move when it arrives. */}
              <p className="gq-muted">{ready ? `${zhPlayer.artist}：${song.userName}` : '\u00a0'}</p>
              {/* A cover credits its original when the viewer may see it (docs/api.md, player detail `source`). */}
              {ready && song.origin === 'cover' && song.source ? (
                <p className="gq-body2 gq-muted gq-player-credit">
                  {zhPlayer.coverOf}
                  <RouterLink to={playerHref(song.source.nativeId)}>《{song.source.title}》</RouterLink>
                  {` · ${song.source.userName}`}
                </p>
              ) : null}
            </div>
            {state.ids.length > 1 ? (
              <p className="gq-body2 gq-muted gq-player-track">{zhPlayer.trackOf(state.index + 1, state.ids.length)}</p>
            ) : null}
          </div>
          {!ready && !failed && !offShelf ? <div className="gq-chips" aria-hidden /> : null}
          {ready ? <PlayerTags tags={song.tags} /> : null}

          <div className="gq-player-seek">
            <Slider
              aria-label={zhPlayer.progress}
              value={Math.min(sliderValue, duration || sliderValue)}
              max={sliderMax}
              step={0.1}
              disabled={!ready}
              getAriaValueText={() => zhPlayer.position(formatDuration(sliderValue), formatDuration(duration))}
              onChange={(_event, v) =>
                dispatch(
                  state.dragging ? { type: 'drag', value: v as number } : { type: 'dragStart', value: v as number },
                )
              }
              onChangeCommitted={(_event, v) => {
                if (!isCurrent && ready) load(toPlayerSong(song));
                dispatch({ type: 'dragEnd', value: v as number });
              }}
            />
            <div className="gq-player-times gq-caption gq-muted">
              <span>{formatDuration(sliderValue)}</span>
              <span>{formatDuration(duration)}</span>
            </div>
          </div>

          <div className="gq-player-controls">
            <IconButton
              aria-label={zhPlayer.back10}
              disabled={!canControl}
              onClick={() => dispatch({ type: 'skip', delta: -SKIP_SECONDS, position, duration })}
            >
              <Replay10Icon />
            </IconButton>
            <IconButton aria-label={zhPlayer.previous} onClick={() => dispatch({ type: 'previous' })}>
              <SkipPreviousIcon size={LARGE_ICON} />
            </IconButton>
            <IconButton
              className="gq-play-big"

              aria-label={zhPlayer.playPause}
              aria-pressed={state.playing}
              disabled={!ready}
              onClick={() => {
                if (!isCurrent && ready) load(toPlayerSong(song));
                dispatch({ type: 'toggle' });
              }}
            >
              {state.playing ? <PauseIcon size={LARGE_ICON} /> : <PlayArrowIcon size={LARGE_ICON} />}
            </IconButton>
            <IconButton aria-label={zhPlayer.next} onClick={() => dispatch({ type: 'next' })}>
              <SkipNextIcon size={LARGE_ICON} />
            </IconButton>
            <IconButton
              aria-label={zhPlayer.forward10}
              disabled={!canControl}
              onClick={() => dispatch({ type: 'skip', delta: SKIP_SECONDS, position, duration })}
            >
              <Forward10Icon />
            </IconButton>
          </div>

          {ready ? <PlayerActions song={song} synced={!!timeline} /> : null}
        </Paper>

        {ready ? (
          <LyricsAccordion
            id={lyricsId}
            open={lyricsOpen}
            onOpen={setLyricsOpen}
            lyric={song.lyric}
            timeline={timeline}
            currentTime={sliderValue}
            onSeek={onJump}
          />
        ) : null}
      </div>

      {state.message ? (
        <div className="gq-player-message">
          <Alert
            variant="filled"
            severity="info"
            icon={<InfoOutlinedIcon size={22} />}
            aria-labelledby={messageTitleId}
            action={
              <Button size="small" color="inherit" onClick={() => dispatch({ type: 'closeMessage' })}>
                {zhPlayer.close}
              </Button>
            }
          >
            <AlertTitle id={messageTitleId}>{zhPlayer.messageTitle}</AlertTitle>
            {state.message.text}
          </Alert>
        </div>
      ) : null}
    </PageContainer>
  );
}

/**
 * The song's actions under the controls: like, share, 工作室, and for members 无损 WAV, and the LRC file when the lyrics
 * follow the song. A component of its own that reads the profile itself, so the profile's answer (a signed-in user's
 * page asks for it while the page renders) redraws this row, not the whole player with its slider and controls
 * (docs/web-performance.md, "Rendering in slices").
 */
const PlayerActions = memo(function PlayerActions({ song, synced }: { song: SongDetail; synced: boolean }) {
  const like = useLikeSong();
  const share = useShareSong();
  const { user } = useCurrentUser();
  const member = (user?.membershipLevel ?? 0) >= 1;
  const [downloading, setDownloading] = useState<SongFileKind | null>(null);
  const [studio, setStudio] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();

  const onLike = () => like.mutate({ nativeId: song.nativeId, like: !song.liked });
  const onDownload = (kind: SongFileKind) => {
    if (downloading) return;
    setDownloading(kind);
    void saveSongFile(song.nativeId, song.title, kind).finally(() => setDownloading(null));
  };
  const onShare = () => {
    share.mutate(song.nativeId, {
      onSuccess: async ({ url }) => {
        if (await copyText(url)) notify(zhPlayer.linkCopied, 'success');
        else notify(zhPlayer.copyFailed(url), 'warning');
      },
    });
  };

  return (
    <>
      <div className="gq-player-actions">
        <Button
          variant={song.liked ? 'contained' : 'outlined'}
          color={song.liked ? 'error' : 'inherit'}
          startIcon={song.liked ? <FavoriteIcon /> : <FavoriteBorderIcon />}
          aria-pressed={!!song.liked}
          disabled={like.isPending}
          onClick={onLike}
        >
          {/* Named by what it shows (WCAG 2.5.3): 点赞 3, or 取消点赞 3 once liked. */}
          {song.liked ? zhPlayer.unlike : zhPlayer.like} {formatCount(song.likeCount ?? 0)}
        </Button>
        <Button
          variant="outlined"
          color="inherit"
          startIcon={<ShareIcon />}

          aria-label={zhPlayer.share}
          disabled={share.isPending}
          onClick={onShare}
        >
          {zhPlayer.share}
        </Button>
        <Button
          variant="outlined"
          color="inherit"
          startIcon={<TuneIcon />}
          aria-haspopup="menu"
          onClick={(event) => {
            if (user) setStudio(event.currentTarget);
            else requestLogin();
          }}
        >
          {zhPlayer.studio}
        </Button>
        {member ? (
          <Button
            variant="outlined"
            color="inherit"
            startIcon={<GraphicEqIcon />}

            aria-label={zhPlayer.downloadWavLabel}
            disabled={downloading === 'wav'}
            onClick={() => onDownload('wav')}
          >
            {zhPlayer.downloadWav}
          </Button>
        ) : null}
        {synced ? (
          <Button
            variant="outlined"
            color="inherit"
            startIcon={<LyricsIcon />}

            aria-label={zhPlayer.downloadLrcLabel}
            disabled={downloading === 'lrc'}
            onClick={() => onDownload('lrc')}
          >
            {zhPlayer.downloadLrc}
          </Button>
        ) : null}
      </div>
      {studio ? (
        <Suspense fallback={null}>
          <StudioMenu
            song={{
              id: song.nativeId,
              title: song.title,
              origin: song.origin ?? 'generate',
              mine: !!song.mine,
              hasStems: false,
              sourceId: song.source?.nativeId,
            }}
            anchor={studio}
            save={saveSongFile}
            onClose={() => setStudio(null)}
            onSubmitted={() => void navigate('/mywork')}
          />
        </Suspense>
      ) : null}
    </>
  );
});

/**
 * Whether the 歌词 panel is open: at first open when the lyrics follow the song (`synced`), for each song anew.
 */
function useLyricsOpen(songId: string | null, synced: boolean): [boolean, (open: boolean) => void] {
  const [choice, setChoice] = useState<{ songId: string | null; open: boolean } | null>(null);
  const open = choice && choice.songId === songId ? choice.open : synced;
  return [open, (next: boolean) => setChoice({ songId, open: next })];
}
