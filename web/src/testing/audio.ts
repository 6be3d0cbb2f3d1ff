// jsdom has no media playback: play() and pause() only warn. The fake below plays along: play() resolves, marks the
// element playing and fires 'play'; pause() marks it paused and fires 'pause'. Tests move time and end tracks with
// the helpers, as the browser would.
import { vi } from 'vitest';
import { GLOBAL_AUDIO_ID } from '../lib/player';

function setPaused(element: HTMLMediaElement, paused: boolean) {
  Object.defineProperty(element, 'paused', { value: paused, configurable: true });
}

/** Installs the fake on HTMLMediaElement (setup.ts does it before every test). */
export function installFakeAudio(): void {
  const proto = HTMLMediaElement.prototype;
  vi.spyOn(proto, 'play').mockImplementation(function play(this: HTMLMediaElement) {
    setPaused(this, false);
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(proto, 'pause').mockImplementation(function pause(this: HTMLMediaElement) {
    if (this.paused) return;
    setPaused(this, true);
    this.dispatchEvent(new Event('pause'));
  });
  vi.spyOn(proto, 'load').mockImplementation(() => undefined);
}

/** The app's one <audio> element. */
export function globalAudio(): HTMLAudioElement {
  const audio = document.getElementById(GLOBAL_AUDIO_ID);
  if (!(audio instanceof HTMLAudioElement)) throw new Error('no global audio element');
  return audio;
}

/** The track's metadata arrived: its duration is known. */
export function setDuration(audio: HTMLMediaElement, seconds: number): void {
  Object.defineProperty(audio, 'duration', { value: seconds, configurable: true });
  audio.dispatchEvent(new Event('durationchange'));
}

/** Playback reached `seconds` (a timeupdate). */
export function playTo(audio: HTMLMediaElement, seconds: number): void {
  audio.currentTime = seconds;
  audio.dispatchEvent(new Event('timeupdate'));
}

/** The track played to its end. */
export function endTrack(audio: HTMLMediaElement): void {
  setPaused(audio, true);
  audio.dispatchEvent(new Event('ended'));
}
