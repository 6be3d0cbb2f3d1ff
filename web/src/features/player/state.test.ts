import { describe, expect, it } from 'vitest';
import { currentId, initialPlayerState, type PlayerPageAction, type PlayerPageState, stepPlayer } from './state';

/** Runs actions in turn; the final state and every effect on the way. */
function run(state: PlayerPageState, ...actions: PlayerPageAction[]) {
  const effects = [];
  let s = state;
  for (const action of actions) {
    const step = stepPlayer(s, action);
    s = step.state;
    effects.push(...step.effects);
  }
  return { state: s, effects };
}

const playlist = () => initialPlayerState(['a', 'b', 'c'], true);

describe('player page state', () => {
  it('a single song loads without starting; the play button starts it without counting', () => {
    const single = initialPlayerState(['a'], false);
    expect(single.playing).toBe(false);
    expect(single.autoplay).toBe(false);
    const loaded = run(single, { type: 'loaded' });
    expect(loaded.state.playing).toBe(false);
    expect(loaded.effects).toEqual([]);
    const played = run(loaded.state, { type: 'toggle' });
    expect(played.state.playing).toBe(true);
    expect(played.effects).toEqual([{ type: 'play', count: false }]);
    const paused = run(played.state, { type: 'toggle' });
    expect(paused.state.playing).toBe(false);
    expect(paused.effects).toEqual([{ type: 'pause' }]);
  });

  it('a playlist starts at index 0, off, and plays (counting the play) once the track has loaded', () => {
    const s = playlist();
    expect(s.index).toBe(0);
    expect(currentId(s)).toBe('a');
    expect(s.playing).toBe(false);
    const loaded = run(s, { type: 'loaded' });
    expect(loaded.state.playing).toBe(true);
    expect(loaded.effects).toEqual([{ type: 'play', count: true }]);
  });

  it('a playlist may start at another index; an index outside the list means 0', () => {
    expect(currentId(initialPlayerState(['a', 'b', 'c'], true, 2))).toBe('c');
    expect(currentId(initialPlayerState(['a', 'b', 'c'], true, 3))).toBe('a');
    expect(currentId(initialPlayerState(['a', 'b', 'c'], true, -1))).toBe('a');
    expect(currentId(initialPlayerState([], false))).toBeNull();
  });

  it('previous is blocked at the first track and next at the last, with their messages', () => {
    const first = run(playlist(), { type: 'loaded' }, { type: 'previous' });
    expect(first.state.index).toBe(0);
    expect(first.state.message?.text).toBe('已经是第一首了');
    expect(first.state.playing).toBe(true); // the track keeps playing

    const last = run(initialPlayerState(['a', 'b', 'c'], true, 2), { type: 'next' });
    expect(last.state.index).toBe(2);
    expect(last.state.message?.text).toBe('已经是最后一首了');

    const single = run(initialPlayerState(['a'], false), { type: 'next' }, { type: 'previous' });
    expect(single.state.message?.text).toBe('已经是第一首了');
  });

  it('next and previous move the index, stop the current track, and play the new one once loaded', () => {
    const next = run(playlist(), { type: 'loaded' }, { type: 'next' });
    expect(next.state.index).toBe(1);
    expect(currentId(next.state)).toBe('b');
    expect(next.state.playing).toBe(false);
    expect(next.effects.at(-1)).toEqual({ type: 'pause' });
    const loaded = run(next.state, { type: 'loaded' });
    expect(loaded.state.playing).toBe(true);
    expect(loaded.effects).toEqual([{ type: 'play', count: true }]);

    // From a single-song open too: after previous/next the track starts.
    const back = run(initialPlayerState(['a', 'b'], true, 1), { type: 'previous' }, { type: 'loaded' });
    expect(back.state.index).toBe(0);
    expect(back.state.playing).toBe(true);
  });

  it('every message gets a new key, so the same text shown twice restarts the 2-second bar', () => {
    const once = run(playlist(), { type: 'previous' });
    const twice = run(once.state, { type: 'previous' });
    expect(twice.state.message?.text).toBe('已经是第一首了');
    expect(twice.state.message?.key).not.toBe(once.state.message?.key);
    expect(run(twice.state, { type: 'closeMessage' }).state.message).toBeNull();
  });

  it('the flag turns off when the track ends and follows the audio', () => {
    const ended = run(playlist(), { type: 'loaded' }, { type: 'ended' });
    expect(ended.state.playing).toBe(false);
    expect(run(ended.state, { type: 'audio', playing: true }).state.playing).toBe(true);
    const same = stepPlayer(ended.state, { type: 'audio', playing: false });
    expect(same.state).toBe(ended.state);
  });

  it('starting a drag pauses; releasing seeks to the value and resumes', () => {
    const playing = run(playlist(), { type: 'loaded' }).state;
    const start = run(playing, { type: 'dragStart', value: 12 });
    expect(start.effects).toEqual([{ type: 'pause' }]);
    expect(start.state.dragging).toBe(true);
    expect(start.state.dragValue).toBe(12);
    // The pause the drag caused does not turn the flag off.
    const paused = run(start.state, { type: 'audio', playing: false }, { type: 'drag', value: 40 });
    expect(paused.state.playing).toBe(true);
    expect(paused.state.dragValue).toBe(40);
    expect(paused.effects).toEqual([]);
    const end = run(paused.state, { type: 'dragEnd', value: 42.5 });
    expect(end.state.dragging).toBe(false);
    expect(end.state.playing).toBe(true);
    expect(end.effects).toEqual([
      { type: 'seek', time: 42.5 },
      { type: 'play', count: false },
    ]);

    // Also from a paused track: releasing resumes playback (docs/web.md).
    const fromPaused = run(
      initialPlayerState(['a'], false),
      { type: 'loaded' },
      { type: 'dragStart', value: 5 },
      { type: 'dragEnd', value: 7 },
    );
    expect(fromPaused.state.playing).toBe(true);
    expect(fromPaused.effects.at(-1)).toEqual({ type: 'play', count: false });
  });

  it('choosing a lyric line seeks to its start and plays, from playing or paused, ending a drag', () => {
    const paused = run(initialPlayerState(['a'], false), { type: 'loaded' }).state;
    const jumped = run(paused, { type: 'jump', time: 12.34 });
    expect(jumped.state.playing).toBe(true);
    expect(jumped.effects).toEqual([
      { type: 'seek', time: 12.34 },
      { type: 'play', count: false },
    ]);
    const dragging = run(playlist(), { type: 'loaded' }, { type: 'dragStart', value: 50 }).state;
    const fromDrag = run(dragging, { type: 'jump', time: 3 });
    expect(fromDrag.state.dragging).toBe(false);
    expect(fromDrag.effects[0]).toEqual({ type: 'seek', time: 3 });
    expect(run(paused, { type: 'jump', time: -1 }).effects[0]).toEqual({ type: 'seek', time: 0 });
    expect(stepPlayer(paused, { type: 'jump', time: Number.NaN })).toEqual({ state: paused, effects: [] });
  });

  it('−10 s and +10 s stay within the track', () => {
    const s = playlist();
    expect(stepPlayer(s, { type: 'skip', delta: 10, position: 30, duration: 100 }).effects).toEqual([
      { type: 'seek', time: 40 },
    ]);
    expect(stepPlayer(s, { type: 'skip', delta: -10, position: 30, duration: 100 }).effects).toEqual([
      { type: 'seek', time: 20 },
    ]);
    expect(stepPlayer(s, { type: 'skip', delta: -10, position: 4, duration: 100 }).effects).toEqual([
      { type: 'seek', time: 0 },
    ]);
    expect(stepPlayer(s, { type: 'skip', delta: 10, position: 95, duration: 100 }).effects).toEqual([
      { type: 'seek', time: 100 },
    ]);
  });
});
