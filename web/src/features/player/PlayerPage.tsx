import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FavoriteIcon from '@mui/icons-material/Favorite';
import GraphicEqIcon from '@mui/icons-material/GraphicEq';
import LyricsIcon from '@mui/icons-material/Lyrics';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import Forward10Icon from '@mui/icons-material/Forward10';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Replay10Icon from '@mui/icons-material/Replay10';
import ShareIcon from '@mui/icons-material/Share';
import SkipNextIcon from '@mui/icons-material/SkipNext';
import SkipPreviousIcon from '@mui/icons-material/SkipPrevious';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { SongCover } from '../../components/SongCover';
import { StatusState } from '../../components/StatusState';
import { notify } from '../../lib/api-client';
import { copyText } from '../../lib/clipboard';
import { useCurrentUser } from '../../lib/current-user';
import { formatCount, formatDuration } from '../../lib/format';
import { displayTags } from '../../lib/genres';
import { type PlayerSong, usePlaybackTime, usePlayer } from '../../lib/player';
import { type PlayerQuery, parsePlayerQuery } from '../../lib/player-links';
import type { SongDetail } from '../../lib/types';
import { zh } from '../../strings/zh-CN';
import { zhPlayer } from '../../strings/player';
import { useLikeSong } from '../songs/api/useLikeSong';
import { useShareSong } from '../songs/api/useShareSong';
import { fetchSongFile, saveBlob, type SongFileKind, songFileName } from '../works/api/downloadSong';
import { useSongDetail } from './api/useSongDetail';
import { LyricPanel } from './components/LyricPanel';
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
  const [state, setState] = useState<PlayerPageState>(() =>
    initialPlayerState(query.ids, query.playlist, query.index),
  );
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

function PlayerView({ query }: { query: PlayerQuery }) {
  const player = usePlayer();
  const { load } = player;
  const [state, dispatch, songRef] = usePlayerMachine(query);
  const id = currentId(state);
  const detail = useSongDetail(id);
  const song = detail.data ?? null;
  const ready = !!song && song.nativeId === id;
  songRef.current = ready ? song : null;
  const time = usePlaybackTime();
  const like = useLikeSong();
  const share = useShareSong();
  const { user } = useCurrentUser();
  const member = (user?.membershipLevel ?? 0) >= 1;
  const [downloading, setDownloading] = useState<SongFileKind | null>(null);
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
    load(toPlayerSong(song));
    dispatch({ type: 'loaded' });
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

  if (!id) {
    return (
      <PageContainer maxWidth={880}>
        <PageTitle title={zhPlayer.title} />
        <StatusState kind="empty" text={zhPlayer.noSong} />
      </PageContainer>
    );
  }

  let songTitle: string = zhPlayer.loading;
  if (detail.isError) songTitle = zhPlayer.loadFailed;
  else if (detail.isSuccess && !song) songTitle = zhPlayer.offShelf;
  else if (ready) songTitle = song.title;
  const tags = ready ? displayTags(song.tags) : [];

  const duration = (isCurrent && time.duration > 0 ? time.duration : 0) || (ready ? song.duration : 0) || 0;
  const position = isCurrent ? Math.min(time.currentTime, duration || time.currentTime) : 0;
  const sliderValue = state.dragging ? state.dragValue : position;
  const canControl = ready && isCurrent;

  const onLike = () => {
    if (!ready) return;
    like.mutate({ nativeId: song.nativeId, like: !song.liked });
  };
  const onDownload = (kind: SongFileKind) => {
    if (!ready || downloading) return;
    setDownloading(kind);
    fetchSongFile(song.nativeId, kind)
      .then((blob) => saveBlob(blob, songFileName(song.title, kind)))
      .catch((error: unknown) => notify(error instanceof Error ? error.message : zh.errors.downloadFailed, 'error'))
      .finally(() => setDownloading(null));
  };
  const onShare = () => {
    if (!ready) return;
    share.mutate(song.nativeId, {
      onSuccess: async ({ url }) => {
        if (await copyText(url)) notify(zhPlayer.linkCopied, 'success');
        else notify(zhPlayer.copyFailed(url), 'warning');
      },
    });
  };

  return (
    <PageContainer maxWidth={880}>
      <PageTitle title={zhPlayer.title} />
      <Stack sx={{ gap: 2 }}>
        <Box sx={{ position: 'relative', height: 280, borderRadius: 2, overflow: 'hidden' }}>
          <SongCover src={ready ? song.imageUrl : null} width="100%" height={280} radius={0} priority />
          <Box
            sx={{
              position: 'absolute',
              inset: 0,
              display: 'flex',
              flexDirection: 'column',
              justifyContent: 'flex-end',
              p: 3,
              color: '#fff',
              background: 'linear-gradient(to top, rgba(0,0,0,.6), rgba(0,0,0,0) 60%)',
            }}
            aria-hidden
          >
            <Typography sx={{ fontSize: '1.5rem', fontWeight: 700 }} noWrap>
              {songTitle}
            </Typography>
            {ready ? <Typography sx={{ opacity: 0.9 }}>{song.userName}</Typography> : null}
          </Box>
        </Box>
        {detail.isSuccess && !song ? <Alert severity="warning">{zh.errors.songHidden}</Alert> : null}
        {detail.isError ? <Alert severity="error">{zh.errors.songInfoFailed}</Alert> : null}

        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h2" component="h2" sx={{ wordBreak: 'break-word' }}>
                {songTitle}
              </Typography>
              {ready ? (
                <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>
                  {zhPlayer.artist}：{song.userName}
                </Typography>
              ) : null}
            </Box>
            {state.ids.length > 1 ? (
              <Typography variant="body2" sx={{ color: 'text.secondary', flexShrink: 0, mt: 0.5 }}>
                {zhPlayer.trackOf(state.index + 1, state.ids.length)}
              </Typography>
            ) : null}
          </Stack>
          {tags.length > 0 ? (
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
              {tags.map((tag, i) => (
                <Chip key={`${i}-${tag}`} label={tag} size="small" />
              ))}
            </Stack>
          ) : null}

          <Box sx={{ mt: 2 }}>
            <Slider
              aria-label={zhPlayer.progress}
              value={Math.min(sliderValue, duration || sliderValue)}
              min={0}
              max={duration > 0 ? duration : 1}
              step={0.1}
              disabled={!ready}
              getAriaValueText={(v) => zhPlayer.position(formatDuration(v), formatDuration(duration))}
              onChange={(_, value) => {
                const v = Array.isArray(value) ? value[0]! : value;
                dispatch(state.dragging ? { type: 'drag', value: v } : { type: 'dragStart', value: v });
              }}
              onChangeCommitted={(_, value) => {
                const v = Array.isArray(value) ? value[0]! : value;
                if (!isCurrent && ready) load(toPlayerSong(song));
                dispatch({ type: 'dragEnd', value: v });
              }}
              sx={{ py: 1.5 }}
            />
            <Stack direction="row" sx={{ justifyContent: 'space-between', color: 'text.secondary', mt: -0.5 }}>
              <Typography variant="caption" component="span">
                {formatDuration(sliderValue)}
              </Typography>
              <Typography variant="caption" component="span">
                {formatDuration(duration)}
              </Typography>
            </Stack>
          </Box>

          <Stack direction="row" sx={{ justifyContent: 'center', alignItems: 'center', gap: { xs: 0.5, sm: 2 }, mt: 1 }}>
            <IconButton
              aria-label={zhPlayer.back10}
              disabled={!canControl}
              onClick={() => dispatch({ type: 'skip', delta: -SKIP_SECONDS, position, duration })}
            >
              <Replay10Icon />
            </IconButton>
            <IconButton aria-label={zhPlayer.previous} onClick={() => dispatch({ type: 'previous' })}>
              <SkipPreviousIcon fontSize="large" />
            </IconButton>
            <IconButton
              aria-label={zhPlayer.playPause}
              aria-pressed={state.playing}
              disabled={!ready}
              onClick={() => {
                if (!isCurrent && ready) load(toPlayerSong(song));
                dispatch({ type: 'toggle' });
              }}
              sx={{
                width: 64,
                height: 64,
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                '&:hover': { bgcolor: 'primary.dark' },
                '&.Mui-disabled': { bgcolor: 'action.disabledBackground' },
              }}
            >
              {state.playing ? <PauseIcon fontSize="large" /> : <PlayArrowIcon fontSize="large" />}
            </IconButton>
            <IconButton aria-label={zhPlayer.next} onClick={() => dispatch({ type: 'next' })}>
              <SkipNextIcon fontSize="large" />
            </IconButton>
            <IconButton
              aria-label={zhPlayer.forward10}
              disabled={!canControl}
              onClick={() => dispatch({ type: 'skip', delta: SKIP_SECONDS, position, duration })}
            >
              <Forward10Icon />
            </IconButton>
          </Stack>

          {ready ? (
            <Stack direction="row" sx={{ justifyContent: 'center', gap: 2, mt: 1.5, flexWrap: 'wrap' }}>
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
              {timeline ? (
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
            </Stack>
          ) : null}
        </Paper>

        {ready ? (
          // Open at first when the lyrics follow the song (each song its own panel, so its own default).
          <Accordion key={song.nativeId} disableGutters variant="outlined" defaultExpanded={!!timeline}>
            <AccordionSummary expandIcon={<ExpandMoreIcon />}>
              <Typography component="span" sx={{ fontWeight: 600 }}>
                {zhPlayer.lyrics}
              </Typography>
            </AccordionSummary>
            <AccordionDetails>
              <LyricPanel lyric={song.lyric} timeline={timeline} currentTime={sliderValue} onSeek={onJump} />
            </AccordionDetails>
          </Accordion>
        ) : null}
      </Stack>

      {state.message ? (
        <Box
          sx={{
            position: 'fixed',
            top: { xs: 72, lg: 24 },
            left: 0,
            right: 0,
            display: 'flex',
            justifyContent: 'center',
            px: 2,
            zIndex: (theme) => theme.zIndex.snackbar,
            pointerEvents: 'none',
          }}
        >
          <Alert
            role="alert"
            aria-labelledby={messageTitleId}
            severity="info"
            variant="filled"
            sx={{ pointerEvents: 'auto', minWidth: { xs: 'auto', sm: 320 }, boxShadow: 6 }}
            action={
              <Button color="inherit" size="small" onClick={() => dispatch({ type: 'closeMessage' })}>
                {zhPlayer.close}
              </Button>
            }
          >
            <AlertTitle id={messageTitleId}>{zhPlayer.messageTitle}</AlertTitle>
            {state.message.text}
          </Alert>
        </Box>
      ) : null}
    </PageContainer>
  );
}
