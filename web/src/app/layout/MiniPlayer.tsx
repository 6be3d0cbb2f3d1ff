import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { SongCover } from '../../components/SongCover';
import { TITLE_MAX, truncate } from '../../lib/format';
import { usePlaybackTime, usePlayer } from '../../lib/player';
import { playerHref } from '../../lib/player-links';
import { zhMiniPlayer } from '../../strings/mini-player';
import { BOTTOM_TABS_HEIGHT, SIDE_MENU_WIDTH } from '../../theme/tokens';
import { MINI_PLAYER_HEIGHT } from './mini-player-size';


/** The progress line: a separate component, so only it re-renders on every time update. */
function ProgressLine() {
  const { currentTime, duration } = usePlaybackTime();
  const value = duration > 0 ? Math.min(100, (currentTime / duration) * 100) : 0;
  return (
    <LinearProgress
      variant="determinate"
      value={value}
      aria-hidden
      sx={{ position: 'absolute', left: 0, right: 0, top: 0, height: 3 }}
    />
  );
}

/**
 * The mini player bar (docs/web.md, "Structure"): whenever a song is loaded in the global audio, a bar above the bottom
 * edge (above the bottom tabs below 1280 px) with the cover, the title, play/pause, a progress line and a button that
 * opens the player page on the song.
 */
export default function MiniPlayer({ wide }: { wide: boolean }) {
  const player = usePlayer();
  const song = player.current;
  if (!song) return null;
  return (
    <Paper
      component="section"
      aria-label={zhMiniPlayer.region}
      elevation={8}
      square
      sx={{
        position: 'fixed',
        left: wide ? SIDE_MENU_WIDTH : 0,
        right: 0,
        bottom: wide ? 0 : `calc(${BOTTOM_TABS_HEIGHT}px + env(safe-area-inset-bottom))`,
        height: MINI_PLAYER_HEIGHT,
        zIndex: (theme) => theme.zIndex.appBar - 1,
        overflow: 'hidden',
      }}
    >
      <ProgressLine />
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, height: '100%', px: { xs: 1.5, sm: 2 } }}>
        <SongCover src={song.image} width={44} height={44} />
        <Stack sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="subtitle2" noWrap title={song.title}>
            {truncate(song.title, TITLE_MAX)}
          </Typography>
          {song.artist ? (
            <Typography variant="caption" noWrap sx={{ color: 'text.secondary' }}>
              {song.artist}
            </Typography>
          ) : null}
        </Stack>
        <IconButton
          aria-label={zhMiniPlayer.playPause}
          aria-pressed={player.playing}
          onClick={() => (player.playing ? player.pause() : player.play(song))}
          color="primary"
        >
          {player.playing ? <PauseIcon /> : <PlayArrowIcon />}
        </IconButton>
        <IconButton component={RouterLink} to={playerHref(song.id)} aria-label={zhMiniPlayer.open}>
          <OpenInFullIcon />
        </IconButton>
      </Stack>
    </Paper>
  );
}
