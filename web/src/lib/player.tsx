// The one global audio (docs/web.md, "Pages": the player): a single <audio> element for the whole app and a small context
// around it. A card shows play or pause for its song; clicking the playing song pauses it; another song replaces it.
//
//   const player = usePlayer();
//   player.current        the loaded song (PlayerSong) or null; stays set after pause and after the track ends
//   player.playing        true while the element plays (kept in step with its play/pause/ended/error events)
//   player.play(song, o)  loads `song` (replacing any other) and plays; the loaded song resumes where it was.
//                         o.count: count a play (POST /music/addNumberOfViews) once it has started
//   player.load(song)     loads `song` without playing (the single-song open of the player page); a song that is
//                         already loaded is left as it is (playing or not)
//   player.pause()        pauses
//   player.toggle(song,o) pauses when `song` is the one playing, else play(song, o)
//   player.seek(seconds)  moves the playhead (the browser fetches from there with a Range request)
//   player.isPlaying(id)  true when the song with this id is loaded and playing
//   player.getAudio()     the <audio> element itself, or null before the provider mounted
//   usePlaybackTime()     {currentTime, duration} of the element, following its time updates
// The provider is mounted once in app/providers.tsx; features import usePlayer from here.
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { apiPost } from './api-client';

/** What the player needs to know about a song. */
export interface PlayerSong {
  /** The song's native id. */
  id: string;
  title: string;
  /** The audio address (a /media/… URL). */
  audio: string;
  image?: string | null;
  artist?: string | null;
  /** The English style string, as in the API. */
  tags?: string | null;
}

export interface PlayOptions {
  /** Count a play of the song (POST /music/addNumberOfViews) once playback has started. */
  count?: boolean;
}

export interface PlayerApi {
  current: PlayerSong | null;
  playing: boolean;
  play(song: PlayerSong, options?: PlayOptions): void;
  load(song: PlayerSong): void;
  pause(): void;
  toggle(song: PlayerSong, options?: PlayOptions): void;
  seek(seconds: number): void;
  isPlaying(id: string): boolean;
  getAudio(): HTMLAudioElement | null;
}

const PlayerContext = createContext<PlayerApi | null>(null);

/** The element's id in the page (one per app). */
export const GLOBAL_AUDIO_ID = 'gequ-global-audio';

/** Counts a play; the server keeps one per listener and song every 30 minutes. Failures are not the listener's concern. */
export function countPlay(id: string): void {
  apiPost<{ play_count: number }>('/music/addNumberOfViews', { nativeId: id }, { silent: true }).catch(() => undefined);
}

export function PlayerProvider({ children }: { children?: ReactNode }) {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [current, setCurrent] = useState<PlayerSong | null>(null);
  const [playing, setPlaying] = useState(false);
  const currentRef = useRef<PlayerSong | null>(null);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return undefined;
    const onPlay = () => setPlaying(true);
    const onStop = () => setPlaying(false);
    audio.addEventListener('play', onPlay);
    audio.addEventListener('pause', onStop);
    audio.addEventListener('ended', onStop);
    audio.addEventListener('error', onStop);
    return () => {
      audio.removeEventListener('play', onPlay);
      audio.removeEventListener('pause', onStop);
      audio.removeEventListener('ended', onStop);
      audio.removeEventListener('error', onStop);
    };
  }, []);

  /** Makes `song` the loaded one; whether the element's source changed. */
  const select = useCallback((song: PlayerSong): boolean => {
    const audio = audioRef.current;
    if (!audio) return false;
    let changed = false;
    if (currentRef.current?.id !== song.id || !audio.getAttribute('src')) {
      audio.preload = 'metadata';
      audio.src = song.audio;
      changed = true;
    }
    currentRef.current = song;
    setCurrent(song);
    return changed;
  }, []);

  const play = useCallback(
    (song: PlayerSong, options: PlayOptions = {}) => {
      const audio = audioRef.current;
      if (!audio) return;
      select(song);
      setPlaying(true);
      let started: Promise<void> | undefined;
      try {
        started = audio.play() as Promise<void> | undefined;
      } catch {
        setPlaying(false);
        return;
      }
      if (!started || typeof started.then !== 'function') {
        if (options.count) countPlay(song.id);
        return;
      }
      started.then(
        () => {
          if (options.count) countPlay(song.id);
        },
        // Refused (autoplay policy, unsupported source) or interrupted by the next song: trust the element's state.
        () => {
          if (audio.paused) setPlaying(false);
        },
      );
    },
    [select],
  );

  const load = useCallback(
    (song: PlayerSong) => {
      const audio = audioRef.current;
      if (!audio) return;
      if (select(song)) {
        // A new source stops whatever played before.
        audio.pause();
        setPlaying(false);
      }
    },
    [select],
  );

  const pause = useCallback(() => {
    audioRef.current?.pause();
    setPlaying(false);
  }, []);

  const seek = useCallback((seconds: number) => {
    const audio = audioRef.current;
    if (!audio || !Number.isFinite(seconds)) return;
    try {
      audio.currentTime = Math.max(0, seconds);
    } catch {
      // No source yet: nothing to seek.
    }
  }, []);

  const getAudio = useCallback(() => audioRef.current, []);

  const api = useMemo<PlayerApi>(
    () => ({
      current,
      playing,
      play,
      load,
      pause,
      toggle: (song, options) => {
        if (playing && current?.id === song.id) pause();
        else play(song, options);
      },
      seek,
      isPlaying: (id) => playing && current?.id === id,
      getAudio,
    }),
    [current, playing, play, load, pause, seek, getAudio],
  );

  return (
    <PlayerContext.Provider value={api}>
      {children}
      {/* Songs, not speech: the player page shows the lyrics as text beside it. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <audio ref={audioRef} id={GLOBAL_AUDIO_ID} preload="none" hidden />
    </PlayerContext.Provider>
  );
}

/** The global player; must be used under PlayerProvider (app/providers.tsx). */
export function usePlayer(): PlayerApi {
  const api = useContext(PlayerContext);
  if (!api) throw new Error('usePlayer needs PlayerProvider (app/providers.tsx)');
  return api;
}

export interface PlaybackTime {
  /** The playhead, in seconds. */
  currentTime: number;
  /** The track's length in seconds, 0 while unknown. */
  duration: number;
}

function timeOf(audio: HTMLAudioElement | null): PlaybackTime {
  if (!audio) return { currentTime: 0, duration: 0 };
  const duration = Number.isFinite(audio.duration) ? audio.duration : 0;
  const currentTime = Number.isFinite(audio.currentTime) ? audio.currentTime : 0;
  return { currentTime, duration };
}

const TIME_EVENTS = ['timeupdate', 'durationchange', 'loadedmetadata', 'seeked', 'emptied', 'ended'] as const;

/** The global audio's playhead and duration, updated on its time events (only components that need them re-render). */
export function usePlaybackTime(): PlaybackTime {
  const { getAudio } = usePlayer();
  const [time, setTime] = useState<PlaybackTime>(() => timeOf(getAudio()));
  useEffect(() => {
    const audio = getAudio();
    if (!audio) return undefined;
    const update = () => {
      const next = timeOf(audio);
      setTime((prev) => (prev.currentTime === next.currentTime && prev.duration === next.duration ? prev : next));
    };
    update();
    for (const name of TIME_EVENTS) audio.addEventListener(name, update);
    return () => {
      for (const name of TIME_EVENTS) audio.removeEventListener(name, update);
    };
  }, [getAudio]);
  return time;
}
