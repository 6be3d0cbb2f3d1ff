import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import OpenInFullIcon from 'icon:OpenInFull';
import PauseIcon from 'icon:Pause';
import PlayArrowIcon from 'icon:PlayArrow';
import { Link } from 'react-router';
import { SongCover } from '../../components/SongCover';
import { TITLE_MAX, truncate } from '../../lib/format';
import { usePlaybackTime, usePlayer } from '../../lib/player';
import { playerHref } from '../../lib/player-links';
import { zhMiniPlayer } from '../../strings/mini-player';

/** The progress line: a separate component, so only it re-renders on every time update. */
function ProgressLine() {
  const { currentTime, duration } = usePlaybackTime();
  const value = duration > 0 ? Math.min(100, (currentTime / duration) * 100) : 0;
  return <LinearProgress variant="determinate" value={value} aria-hidden className="gq-mini-progress" />;
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
  // Placed by ui.css (.gq-mini-player): above the bottom tabs below 1280 px, beside the side menu above.
  return (
    <Paper
      component="section"
      elevation={8}
      square
      aria-label={zhMiniPlayer.region}
      className={wide ? 'gq-mini-player gq-mini-player-wide' : 'gq-mini-player'}
    >
      <ProgressLine />
      <SongCover src={song.image} width={44} height={44} />
      <div className="gq-mini-text">
        <span className="gq-mini-title gq-nowrap" title={song.title}>
          {truncate(song.title, TITLE_MAX)}
        </span>
        {song.artist ? <span className="gq-caption gq-muted gq-nowrap">{song.artist}</span> : null}
      </div>
      <IconButton
        color="primary"
        aria-label={zhMiniPlayer.playPause}
        aria-pressed={player.playing}
        onClick={() => (player.playing ? player.pause() : player.play(song))}
      >
        {player.playing ? <PauseIcon /> : <PlayArrowIcon />}
      </IconButton>
      <IconButton component={Link} to={playerHref(song.id)} aria-label={zhMiniPlayer.open}>
        <OpenInFullIcon />
      </IconButton>
    </Paper>
  );
}
