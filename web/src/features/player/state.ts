// The player page's state (docs/web.md, "Pages": the player) as a pure step function: each action gives the next state and
// the effects the page then applies to the global audio. Loading the song detail and the audio itself stay outside.
import { zhPlayer } from '../../strings/player';

/** The skip of the −10 s / +10 s buttons (docs/web.md). */
export const SKIP_SECONDS = 10;

export interface PlayerMessage {
  text: string;
  /** Changes with every message, so the same text shown twice restarts the 2-second timer. */
  key: number;
}

export interface PlayerPageState {
  /** The playlist (one id for a single-song open). */
  ids: string[];
  /** Index of the current track in ids; starts at 0. */
  index: number;
  /** Whether ids came as a playlist (ids=…) rather than a single song (id=…). */
  playlist: boolean;
  /** Whether the current track starts once it has loaded: a playlist open, or after previous/next. */
  autoplay: boolean;
  /** The playing flag: off at first; on after an autoplaying track loads; toggled by play/pause; off at the end. */
  playing: boolean;
  /** A slider drag in progress, and the slider's value meanwhile (seconds). */
  dragging: boolean;
  dragValue: number;
  /** The 提示 bar's message, or null when closed. */
  message: PlayerMessage | null;
}

export type PlayerEffect = { type: 'play'; count: boolean } | { type: 'pause' } | { type: 'seek'; time: number };

export type PlayerPageAction =
  /** The current track's song has loaded into the audio. */
  | { type: 'loaded' }
  | { type: 'previous' }
  | { type: 'next' }
  /** The play/pause button. */
  | { type: 'toggle' }
  /** The audio element started or stopped on its own (events of the global audio). */
  | { type: 'audio'; playing: boolean }
  | { type: 'ended' }
  /** −10 s / +10 s from the playhead `position`, within 0..duration. */
  | { type: 'skip'; delta: number; position: number; duration: number }
  | { type: 'dragStart'; value: number }
  | { type: 'drag'; value: number }
  | { type: 'dragEnd'; value: number }
  /** A lyric line was chosen: play from its start (seconds). */
  | { type: 'jump'; time: number }
  | { type: 'closeMessage' };

export interface PlayerStep {
  state: PlayerPageState;
  effects: PlayerEffect[];
}

/**
 * The state on opening: ids given as a playlist start at `index` (0 unless the list page said otherwise) and play as
 * soon as the track loads; a single id loads without starting.
 */
export function initialPlayerState(ids: string[], playlist: boolean, index = 0): PlayerPageState {
  const start = Number.isInteger(index) && index >= 0 && index < ids.length ? index : 0;
  return {
    ids,
    index: start,
    playlist,
    autoplay: playlist,
    playing: false,
    dragging: false,
    dragValue: 0,
    message: null,
  };
}

function withMessage(state: PlayerPageState, text: string): PlayerPageState {
  return { ...state, message: { text, key: (state.message?.key ?? 0) + 1 } };
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(Math.max(value, low), high);
}

/** The current track's id, or null when there is none. */
export function currentId(state: PlayerPageState): string | null {
  return state.ids[state.index] ?? null;
}

/** One step of the page: the next state and what to do to the audio. */
export function stepPlayer(state: PlayerPageState, action: PlayerPageAction): PlayerStep {
  switch (action.type) {
    case 'loaded':
      // An autoplaying track starts (and its play is counted); a single-song open waits for the play button.
      if (!state.autoplay) return { state, effects: [] };
      return { state: { ...state, playing: true }, effects: [{ type: 'play', count: true }] };
    case 'previous':
    case 'next': {
      const target = state.index + (action.type === 'next' ? 1 : -1);
      if (target < 0) return { state: withMessage(state, zhPlayer.firstTrack), effects: [] };
      if (target >= state.ids.length) return { state: withMessage(state, zhPlayer.lastTrack), effects: [] };
      // The next track plays once it has loaded; the one playing now stops meanwhile.
      return {
        state: { ...state, index: target, autoplay: true, playing: false, dragging: false, dragValue: 0 },
        effects: [{ type: 'pause' }],
      };
    }
    case 'toggle':
      if (state.playing) return { state: { ...state, playing: false }, effects: [{ type: 'pause' }] };
      return { state: { ...state, playing: true }, effects: [{ type: 'play', count: false }] };
    case 'audio':
      // While dragging the audio is paused on purpose; the flag follows the drag's end instead.
      if (state.dragging || state.playing === action.playing) return { state, effects: [] };
      return { state: { ...state, playing: action.playing }, effects: [] };
    case 'ended':
      return { state: { ...state, playing: false }, effects: [] };
    case 'skip': {
      const upper = action.duration > 0 ? action.duration : Math.max(action.position, 0);
      return { state, effects: [{ type: 'seek', time: clamp(action.position + action.delta, 0, upper) }] };
    }
    case 'dragStart':
      return { state: { ...state, dragging: true, dragValue: action.value }, effects: [{ type: 'pause' }] };
    case 'drag':
      return { state: { ...state, dragging: true, dragValue: action.value }, effects: [] };
    case 'dragEnd':
      // Releasing seeks to the slider's value and resumes playback.
      return {
        state: { ...state, dragging: false, dragValue: action.value, playing: true },
        effects: [
          { type: 'seek', time: Math.max(0, action.value) },
          { type: 'play', count: false },
        ],
      };
    case 'jump':
      // Like releasing the slider: seek there and play (a drag in progress is over).
      if (!Number.isFinite(action.time)) return { state, effects: [] };
      return {
        state: { ...state, dragging: false, dragValue: Math.max(0, action.time), playing: true },
        effects: [
          { type: 'seek', time: Math.max(0, action.time) },
          { type: 'play', count: false },
        ],
      };
    case 'closeMessage':
      return { state: { ...state, message: null }, effects: [] };
    default:
      return { state, effects: [] };
  }
}
