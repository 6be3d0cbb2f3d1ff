import IconButton from '@mui/material/IconButton';
import PauseIcon from 'icon:Pause';
import PlayArrowIcon from 'icon:PlayArrow';
import { Link } from 'react-router';
import { useProgressiveCount } from '../lib/deferred';
import { TITLE_MAX, truncate } from '../lib/format';
import { displayTags } from '../lib/genres';
import { type PlayerSong, usePlayer } from '../lib/player';
import { playlistHref } from '../lib/player-links';
import type { SongListItem } from '../lib/types';
import { zh } from '../strings/zh-CN';
import { SongCounts } from './SongCounts';
import { SongCover } from './SongCover';

/** A public list song as the global player takes it. */
export function toPlayerSong(song: SongListItem): PlayerSong {
  return {
    id: song.native_id,
    title: song.title,
    audio: song.native_audio_url,
    image: song.native_image_url,
    artist: song.userName ?? null,
    tags: song.tags,
  };
}

/** A row's height before it renders (the text beside the 66 px cover and the padding: 86 px measured). */
const ROW_HEIGHT = 86;

/**
 * Songs as rows: 88×66 thumbnail, title, Chinese genres and counts. A row (a link named by what it shows, title first,
 * so that its name contains its visible text: WCAG 2.5.3) opens the player on the whole list as a playlist, at that
 * row; the round button plays or pauses the song in place with the global audio (another song replaces the one
 * playing; the playing one pauses).
 */
export function SongList({ songs, showCounts = true }: { songs: readonly SongListItem[]; showCounts?: boolean }) {
  const player = usePlayer();
  const ids = songs.map((s) => s.native_id);
  // The first four rows render at once, the rest two per later task (lib/deferred.tsx), with room kept for them: six
  // rows (an IconButton and a cover each) made tasks of 13-15 ms in Lighthouse's traces of /musicList, over its 12.5 ms
  // line at 4x (docs/web-performance.md, "Rendering in slices").
  const shown = useProgressiveCount(songs.length, 4, 2);
  return (
    <ul className="gq-songs">
      {songs.map((song, index) => {
        if (index >= shown) return <li key={song.native_id} aria-hidden style={{ height: ROW_HEIGHT }} />;
        const tags = displayTags(song.tags).join(' · ');
        const playing = player.isPlaying(song.native_id);
        return (
          <li key={song.native_id} className="gq-song">
            <Link className="gq-song-link" to={playlistHref(ids, index)}>
              <SongCover src={song.native_image_url} width={88} height={66} />
              <span className="gq-song-text">
                <span className="gq-song-title gq-nowrap" title={song.title}>
                  {truncate(song.title, TITLE_MAX)}
                </span>
                {tags ? <span className="gq-body2 gq-muted gq-nowrap">{tags}</span> : null}
                {showCounts ? <SongCounts plays={song.play_count} likes={song.likeCount} /> : null}
              </span>
            </Link>
            {song.native_audio_url ? (
              <IconButton
                className="gq-song-play"
                color={playing ? 'primary' : 'default'}
                aria-label={playing ? zh.square.pauseSong(song.title) : zh.square.playSong(song.title)}
                onClick={() => player.toggle(toPlayerSong(song), { count: true })}
              >
                {playing ? <PauseIcon /> : <PlayArrowIcon />}
              </IconButton>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
