import ButtonBase from '@mui/material/ButtonBase';
// The player's lyric panel (inside the 歌词 accordion). With a timeline (GET /music/getMusic `timeline`) every line is
// a button that plays from its start (跳到 00:12：夏夜的海风吹过); the line being sung is bold in the primary colour
// with aria-current="true", its words turning primary as they are sung, and the list (a box of fixed height) scrolls
// to keep it in the middle (without animation when the system asks for reduced motion). Without a timeline: the plain
// lyrics, or 纯音乐，请欣赏.
import { memo, useCallback, useEffect, useMemo, useRef } from 'react';
import { formatDuration } from '../../../lib/format';
import type { TimedLine } from '../../../lib/types';
import { zhPlayer } from '../../../strings/player';
import { activeLineIndex, type LineSegment, lineSegments } from '../lyrics';

export interface LyricPanelProps {
  /** The plain lyrics (shown when there is no timeline). */
  lyric: string | null | undefined;
  /** The synced lines (lyrics.ts readTimeline), or null. */
  timeline: readonly TimedLine[] | null;
  /** The playhead in seconds (0 while the song is not the one loaded). */
  currentTime: number;
  /** A line was chosen: play from `seconds`. */
  onSeek: (seconds: number) => void;
}

export function LyricPanel({ lyric, timeline, currentTime, onSeek }: LyricPanelProps) {
  if (!timeline || timeline.length === 0) {
    return <div className="gq-lyrics-plain">{lyric?.trim() ? lyric : zhPlayer.noLyrics}</div>;
  }
  return <SyncedLyrics timeline={timeline} currentTime={currentTime} onSeek={onSeek} />;
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function SyncedLyrics({
  timeline,
  currentTime,
  onSeek,
}: Omit<LyricPanelProps, 'lyric'> & { timeline: readonly TimedLine[] }) {
  const segments = useMemo(() => timeline.map(lineSegments), [timeline]);
  const active = activeLineIndex(timeline, currentTime);
  const boxRef = useRef<HTMLOListElement | null>(null);
  const lineRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const scrolledOnce = useRef(false);
  const register = useCallback((index: number, el: HTMLButtonElement | null) => {
    lineRefs.current[index] = el;
  }, []);

  // Keep the sung line in the middle of the box (the box scrolls, never the page). The first move (opening the page
  // mid-song) jumps; later ones glide unless reduced motion is asked for.
  useEffect(() => {
    if (active < 0) return;
    const box = boxRef.current;
    const line = lineRefs.current[active];
    if (!box || !line) return;
    const top = Math.max(0, line.offsetTop - (box.clientHeight - line.offsetHeight) / 2);
    const behavior: ScrollBehavior = scrolledOnce.current && !prefersReducedMotion() ? 'smooth' : 'auto';
    scrolledOnce.current = true;
    if (typeof box.scrollTo === 'function') box.scrollTo({ top, behavior });
    else box.scrollTop = top;
  }, [active]);

  return (
    // A fixed box (ui.css, .gq-lyrics): highlighting and scrolling never move the rest of the page.
    <ol ref={boxRef} aria-label={zhPlayer.syncedLyrics} className="gq-lyrics">
      {timeline.map((line, i) => (
        <li key={`${i}-${line.start}`}>
          <LyricLine
            index={i}
            register={register}
            line={line}
            segments={segments[i]!}
            active={i === active}
            // Only the active line follows the playhead; the others re-render only when they turn on or off.
            time={i === active ? currentTime : 0}
            onSeek={onSeek}
          />
        </li>
      ))}
    </ol>
  );
}

interface LyricLineProps {
  index: number;
  /** Keeps the line's button for scrolling (a stable callback, so memo holds). */
  register: (index: number, el: HTMLButtonElement | null) => void;
  line: TimedLine;
  segments: LineSegment[];
  active: boolean;
  time: number;
  onSeek: (seconds: number) => void;
}

const LyricLine = memo(function LyricLine({ index, register, line, segments, active, time, onSeek }: LyricLineProps) {
  return (
    <ButtonBase
      ref={(el: HTMLButtonElement | null) => register(index, el)}
      className="gq-lyric-line"
      aria-current={active ? 'true' : undefined}
      aria-label={zhPlayer.jumpToLine(formatDuration(line.start), line.text)}
      onClick={() => onSeek(line.start)}
    >
      {/* The bold text, invisible, shares the cell with the shown text: the line is as tall and wide as its bold form
          whether it is sung or not, so highlighting never shifts the layout. */}
      <span className="gq-lyric-cell">
        <span aria-hidden className="gq-lyric-bold">
          {line.text}
        </span>
        <span className={active ? 'gq-lyric-text gq-lyric-active' : 'gq-lyric-text'}>
          {segments.map((segment, j) =>
            active ? (
              <span
                key={j}
                data-sung={segment.start === null || time >= segment.start ? 'true' : 'false'}
                className={segment.start === null || time >= segment.start ? 'gq-primary-text' : 'gq-lyric-unsung'}
              >
                {segment.text}
              </span>
            ) : (
              <span key={j}>{segment.text}</span>
            ),
          )}
        </span>
      </span>
    </ButtonBase>
  );
});
