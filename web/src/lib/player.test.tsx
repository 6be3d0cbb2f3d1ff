import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GLOBAL_AUDIO_ID, type PlayerSong, PlayerProvider, usePlayer } from './player';

const songA: PlayerSong = { id: 'a', title: '歌甲', audio: '/media/a.mp3' };
const songB: PlayerSong = { id: 'b', title: '歌乙', audio: '/media/b.mp3' };

function Probe() {
  const player = usePlayer();
  return (
    <div>
      <p>{`${player.current?.title ?? '无'} ${player.playing ? '播放中' : '已暂停'}`}</p>
      <button onClick={() => player.toggle(songA)}>甲</button>
      <button onClick={() => player.toggle(songB)}>乙</button>
      <button onClick={() => player.play(songA)}>播放甲</button>
      <button onClick={() => player.pause()}>暂停</button>
    </div>
  );
}

const play = vi.fn(() => Promise.resolve());
const pause = vi.fn();

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(pause);
  play.mockClear();
  pause.mockClear();
});

describe('the global player', () => {
  it('toggles a song, replaces it with another, and keeps one audio element', async () => {
    render(
      <PlayerProvider>
        <Probe />
      </PlayerProvider>,
    );
    const audio = document.getElementById(GLOBAL_AUDIO_ID) as HTMLAudioElement;
    expect(screen.getByText('无 已暂停')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '甲' }));
    expect(screen.getByText('歌甲 播放中')).toBeInTheDocument();
    expect(audio.getAttribute('src')).toBe('/media/a.mp3');
    await userEvent.click(screen.getByRole('button', { name: '甲' }));
    expect(screen.getByText('歌甲 已暂停')).toBeInTheDocument();
    expect(pause).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: '乙' }));
    expect(screen.getByText('歌乙 播放中')).toBeInTheDocument();
    expect(audio.getAttribute('src')).toBe('/media/b.mp3');
    expect(document.querySelectorAll('audio')).toHaveLength(1);
  });

  it('follows the element: ended and pause events stop, play events start', async () => {
    render(
      <PlayerProvider>
        <Probe />
      </PlayerProvider>,
    );
    const audio = document.getElementById(GLOBAL_AUDIO_ID) as HTMLAudioElement;
    await userEvent.click(screen.getByRole('button', { name: '播放甲' }));
    expect(screen.getByText('歌甲 播放中')).toBeInTheDocument();
    act(() => {
      audio.dispatchEvent(new Event('ended'));
    });
    expect(screen.getByText('歌甲 已暂停')).toBeInTheDocument();
    act(() => {
      audio.dispatchEvent(new Event('play'));
    });
    expect(screen.getByText('歌甲 播放中')).toBeInTheDocument();
  });

  it('a refused play (autoplay policy) leaves it paused', async () => {
    play.mockImplementationOnce(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    render(
      <PlayerProvider>
        <Probe />
      </PlayerProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: '播放甲' }));
    expect(await screen.findByText('歌甲 已暂停')).toBeInTheDocument();
  });
});
