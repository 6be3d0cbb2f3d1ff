// The one global audio (SPEC.md §4 "Player (global)"): a single <audio> element for the whole app and a small context
// around it. A card shows play or pause for its song; clicking the playing song pauses it; another song replaces it.
//
// For the mini player bar and the player page (built later):
//   const player = usePlayer();
//   player.current        the loaded song (PlayerSong) or null; stays set after pause and after the track ends
//   player.playing        true while the element plays (kept in step with its play/pause/ended/error events)
//   player.play(song)     loads `song` (replacing any other) and plays; the loaded song resumes where it was
//   player.pause()        pauses
//   player.toggle(song)   pauses when `song` is the one playing, else play(song)
//   player.isPlaying(id)  true when the song with this id is loaded and playing
//   player.getAudio()     the <audio> element itself (currentTime, duration, seeking, timeupdate listeners…), or
//                         null before the provider mounted
// The provider is mounted once in app/providers.tsx; features import usePlayer from here.
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';

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

export interface PlayerApi {
  current: PlayerSong | null;
  playing: boolean;
  play(song: PlayerSong): void;
  pause(): void;
  toggle(song: PlayerSong): void;
  isPlaying(id: string): boolean;
  getAudio(): HTMLAudioElement | null;
}

const PlayerContext = createContext<PlayerApi | null>(null);

/** The element's id in the page (one per app). */
export const GLOBAL_AUDIO_ID = 'gequ-global-audio';

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

  const play = useCallback((song: PlayerSong) => {
    const audio = audioRef.current;
    if (!audio) return;
    if (currentRef.current?.id !== song.id || !audio.getAttribute('src')) {
      audio.src = song.audio;
    }
    currentRef.current = song;
    setCurrent(song);
    setPlaying(true);
    let started: Promise<void> | undefined;
    try {
      started = audio.play() as Promise<void> | undefined;
    } catch {
      setPlaying(false);
      return;
    }
    // Refused (autoplay policy, unsupported source) or interrupted by the next song: trust the element's state.
    started?.catch?.(() => {
      if (audio.paused) setPlaying(false);
    });
  }, []);

  const pause = useCallback(() => {
    audioRef.current?.pause();
    setPlaying(false);
  }, []);

  const api = useMemo<PlayerApi>(
    () => ({
      current,
      playing,
      play,
      pause,
      toggle: (song) => {
        if (playing && current?.id === song.id) pause();
        else play(song);
      },
      isPlaying: (id) => playing && current?.id === id,
      getAudio: () => audioRef.current,
    }),
    [current, playing, play, pause],
  );

  return (
    <PlayerContext.Provider value={api}>
      {children}
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
