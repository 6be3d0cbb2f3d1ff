import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { lyricTimeline } from '../../../testing/fixtures';
import { setPrefersReducedMotion } from '../../../testing/match-media';
import { AppProviders, createQueryClient } from '../../../app/providers';
import { readTimeline } from '../lyrics';
import { LyricPanel } from './LyricPanel';

/** Renders inside the app's providers, which stay around on rerender. */
function renderInProviders(ui: ReactNode) {
  const client = createQueryClient();
  return render(ui, { wrapper: ({ children }) => <AppProviders queryClient={client}>{children}</AppProviders> });
}

/** Renders the panel at `time`; rerender(t) moves the playhead. The list's scrollTo calls are recorded. */
function renderPanel(time: number, onSeek = vi.fn()) {
  const timeline = readTimeline(lyricTimeline());
  const view = renderInProviders(<LyricPanel lyric="" timeline={timeline} currentTime={time} onSeek={onSeek} />);
  const list = screen.getByRole('list', { name: '同步歌词' });
  const scrollTo = vi.fn();
  Object.defineProperty(list, 'scrollTo', { value: scrollTo, configurable: true });
  const at = (t: number) => view.rerender(<LyricPanel lyric="" timeline={timeline} currentTime={t} onSeek={onSeek} />);
  return { list, scrollTo, at, onSeek };
}

const behaviours = (scrollTo: ReturnType<typeof vi.fn>) =>
  scrollTo.mock.calls.map(([options]) => (options as ScrollToOptions).behavior);

describe('lyric panel', () => {
  it('keeps the sung line in view: the box scrolls when the line changes, gliding after the first move', () => {
    const { list, scrollTo, at } = renderPanel(0);
    at(13);
    expect(behaviours(scrollTo)).toEqual(['auto']);
    at(14); // the same line: no scroll
    expect(scrollTo).toHaveBeenCalledTimes(1);
    at(16);
    at(30); // between lines: stays where it is
    at(43);
    expect(behaviours(scrollTo)).toEqual(['auto', 'smooth', 'smooth']);
    expect(within(list).getByRole('button', { current: true })).toHaveAccessibleName('跳到 00:42：我们唱着歌');
  });

  it('never glides when the system asks for reduced motion', () => {
    setPrefersReducedMotion(true);
    const { scrollTo, at } = renderPanel(0);
    at(13);
    at(16);
    at(43);
    expect(behaviours(scrollTo)).toEqual(['auto', 'auto', 'auto']);
  });

  it('a line without words is lit as a whole; each line is a button with its start', async () => {
    const { list, at, onSeek } = renderPanel(0);
    at(16);
    const line = within(list).getByRole('button', { current: true });
    expect(line).toHaveAccessibleName('跳到 00:15：浪花一朵朵');
    expect(line.querySelector('[data-sung="true"]')).toHaveTextContent('浪花一朵朵');
    expect(line.querySelector('[data-sung="false"]')).toBeNull();
    await userEvent.click(within(list).getByRole('button', { name: '跳到 00:12：夏夜的海风吹过' }));
    expect(onSeek).toHaveBeenCalledWith(12.34);
  });

  it('without a timeline: the plain lyrics as they are, or 纯音乐，请欣赏', () => {
    const { rerender } = renderInProviders(
      <LyricPanel lyric={'[主歌]\n海风'} timeline={null} currentTime={3} onSeek={() => undefined} />,
    );
    expect(screen.getByText(/海风/)).toHaveTextContent('[主歌] 海风');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    rerender(<LyricPanel lyric="" timeline={null} currentTime={3} onSeek={() => undefined} />);
    expect(screen.getByText('纯音乐，请欣赏')).toBeInTheDocument();
  });
});
