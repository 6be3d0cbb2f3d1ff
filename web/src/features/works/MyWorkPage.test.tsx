import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeBase64 } from '../../lib/base64';
import { GLOBAL_AUDIO_ID } from '../../lib/player';
import { profile, userSong } from '../../testing/fixtures';
import { fail, ok } from '../../testing/handlers';
import { renderApp } from '../../testing/render';
import { server } from '../../testing/server';
import { expectToast, toastTexts } from '../../testing/toast';
import { findWorkCard, serveWorks } from '../../testing/works';

const play = vi.fn(() => Promise.resolve());
const pause = vi.fn();

beforeEach(() => {
  // jsdom has no media playback.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(pause);
  play.mockClear();
  pause.mockClear();
});

afterEach(() => {
  vi.useRealTimers();
});

async function openWorks() {
  const utils = renderApp('/mywork');
  await screen.findByRole('heading', { level: 1, name: '我的作品' });
  return utils;
}

const card = findWorkCard;

describe('my works: visitors and empty', () => {
  it('asks visitors to log in', async () => {
    const { container } = renderApp('/mywork');
    expect(await screen.findByText('登录后即可查看你的作品')).toBeInTheDocument();
    // Known to be a visitor: the box shows the prompt alone (ui.css .gq-session), the loading state has gone.
    await waitFor(() => expect(container.querySelector('.gq-session')).toHaveAttribute('data-session', 'visitor'));
    expect(container.querySelector('.gq-session-user')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('draws both first states in one box until the profile answers, then the real one', async () => {
    serveWorks([userSong('a', { title: '晚风' })]);
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('*/user/select', async () => {
        await answered;
        return ok(profile());
      }),
    );
    const { container } = renderApp('/mywork');
    await screen.findByRole('heading', { level: 1, name: '我的作品' });
    // The entry's hint (lib/session-hint.ts) picks which one shows; both are drawn, with nothing marked known.
    const box = container.querySelector('.gq-session')!;
    expect(box).not.toHaveAttribute('data-session');
    expect(box.querySelector('.gq-session-visitor')).toHaveTextContent('登录后即可查看你的作品');
    expect(box.querySelector('.gq-session-user [role="status"]')).not.toBeNull();
    answer();
    expect(await card('晚风')).toBeInTheDocument();
    expect(container.querySelector('.gq-session')).toBeNull();
  });

  it('a stored token the server no longer knows: the visitor state once the profile says so', async () => {
    window.localStorage.setItem('Authorization', 'stale');
    const { container } = renderApp('/mywork');
    await waitFor(() => expect(container.querySelector('.gq-session')).toHaveAttribute('data-session', 'visitor'));
    expect(screen.getByText('登录后即可查看你的作品')).toBeInTheDocument();
    expect(window.localStorage.getItem('Authorization')).toBeNull();
  });

  it('empty: 空空如也 / 快去创作你的第一首歌吧 with a way to /create', async () => {
    serveWorks([]);
    await openWorks();
    // (The visitor's prompt, drawn hidden until the profile answers, says 空空如也 too: wait for the list's.)
    expect(await screen.findByText('快去创作你的第一首歌吧')).toBeInTheDocument();
    expect(screen.getByText('空空如也')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去创作' })).toHaveAttribute('href', '/create');
  });
});

describe('my works: the three states', () => {
  it('a finished song: cover, title cut to 5, tags in Chinese, date in Shanghai, plays and likes, playable', async () => {
    serveWorks([
      userSong('a', {
        title: '第一首歌曲很长',
        tags: 'pop,male vocal',
        created_at: '2024-09-01T16:30:00Z',
        play_count: 12345,
        likeCount: 1500,
        native_image_url: '/media/a.svg',
      }),
    ]);
    await openWorks();
    const c = await card('第一首歌曲很长');
    expect(within(c).getByText('第一首歌曲…')).toBeInTheDocument();
    expect(within(c).getByText('流行 · 男声')).toBeInTheDocument();
    expect(within(c).getByText('2024-09-02')).toBeInTheDocument();
    expect(within(c).getByText('1.2w')).toBeInTheDocument();
    expect(within(c).getByText('1.5k')).toBeInTheDocument();
    expect(c.querySelector('img')).toHaveAttribute('src', '/media/a.svg');
    expect(within(c).getByRole('button', { name: '播放' })).toBeEnabled();
    expect(within(c).getByRole('switch', { name: '公开' })).toBeEnabled();
  });

  it('a generating song: spinner and the progress text, moving every second', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2024-09-01T08:00:00Z').getTime();
    vi.setSystemTime(start + 20_000);
    serveWorks(
      [userSong('g', { title: '生成中的歌', complete: 0, progress_started_at: new Date(start).toISOString() })],
      {
        generating: [1],
      },
    );
    await openWorks();
    const c = await card('生成中的歌');
    expect(within(c).getByText('生成中 10.00%')).toBeInTheDocument();
    expect(within(c).getByRole('progressbar', { hidden: true })).toBeInTheDocument();
    expect(c.querySelector('img')).toBeNull();
    vi.setSystemTime(start + 23_000);
    expect(await within(c).findByText('生成中 11.50%', {}, { timeout: 2500 })).toBeInTheDocument();
    vi.setSystemTime(start + 200_000);
    expect(await within(c).findByText('生成中 99%', {}, { timeout: 2500 })).toBeInTheDocument();
    vi.setSystemTime(start + 300_000);
    expect(
      await within(c).findByText('生成中 99% 使用高峰，正在努力生成中', {}, { timeout: 2500 }),
    ).toBeInTheDocument();
  });

  it('a failed song: 生成错误 / 积分已退还, no image, the failure sentence, the switch disabled', async () => {
    serveWorks([userSong('f', { title: '失败的歌', complete: -1 })]);
    await openWorks();
    const c = await card('失败的歌');
    expect(within(c).getByText('生成错误')).toBeInTheDocument();
    expect(within(c).getByText('积分已退还')).toBeInTheDocument();
    expect(
      within(c).getByText('抱歉，生成失败，原因是服务器繁忙或作品包含敏感词，您可以删除后重试'),
    ).toBeInTheDocument();
    expect(c.querySelector('img')).toBeNull();
    expect(within(c).getByRole('switch', { name: '公开' })).toBeDisabled();
    expect(within(c).queryByRole('button', { name: '播放' })).not.toBeInTheDocument();
    expect(within(c).getByRole('button', { name: '删除' })).toBeEnabled();
  });

  it('a generating song cannot be played, liked, shared or downloaded; 生成类似 needs a finished song', async () => {
    serveWorks([userSong('g', { title: '生成中的歌', complete: 0, progress_started_at: new Date().toISOString() })], {
      generating: [1],
    });
    await openWorks();
    const c = await card('生成中的歌');
    for (const name of ['播放', '点赞', '分享', '下载']) {
      await userEvent.click(within(c).getByRole('button', { name }));
      await expectToast('音乐正在生成中，请稍候');
    }
    await userEvent.click(within(c).getByRole('button', { name: '生成类似' }));
    await expectToast('仅支持已完成的作品');
    expect(play).not.toHaveBeenCalled();
  });
});

describe('my works: play and pause with the global audio', () => {
  it('plays a song, pauses it, and another song replaces it', async () => {
    serveWorks([
      userSong('a', { title: '歌甲', native_audio_url: '/media/a.mp3' }),
      userSong('b', { title: '歌乙', native_audio_url: '/media/b.mp3' }),
    ]);
    await openWorks();
    const a = await card('歌甲');
    const b = await card('歌乙');
    const audio = document.getElementById(GLOBAL_AUDIO_ID) as HTMLAudioElement;
    expect(document.querySelectorAll('audio')).toHaveLength(1);

    await userEvent.click(within(a).getByRole('button', { name: '播放' }));
    expect(play).toHaveBeenCalledTimes(1);
    expect(audio.getAttribute('src')).toBe('/media/a.mp3');
    expect(within(a).getByRole('button', { name: '暂停' })).toBeInTheDocument();

    await userEvent.click(within(a).getByRole('button', { name: '暂停' }));
    expect(pause).toHaveBeenCalledTimes(1);
    expect(within(a).getByRole('button', { name: '播放' })).toBeInTheDocument();

    await userEvent.click(within(a).getByRole('button', { name: '播放' }));
    await userEvent.click(within(b).getByRole('button', { name: '播放' }));
    expect(audio.getAttribute('src')).toBe('/media/b.mp3');
    expect(within(a).getByRole('button', { name: '播放' })).toBeInTheDocument();
    expect(within(b).getByRole('button', { name: '暂停' })).toBeInTheDocument();
  });
});

describe('my works: actions', () => {
  it('delete asks 删除后无法恢复，是否继续？; 取消 keeps the song, 确定 deletes it and reloads', async () => {
    const backend = serveWorks([userSong('a', { title: '要删的歌' }), userSong('b', { title: '留下的歌' })]);
    const deleted: unknown[] = [];
    server.use(
      http.post('*/music/deleteSong', async ({ request }) => {
        deleted.push(await request.json());
        backend.pages.set(1, [userSong('b', { title: '留下的歌' })]);
        backend.count = 1;
        return ok(null);
      }),
    );
    await openWorks();
    const c = await card('要删的歌');
    await userEvent.click(within(c).getByRole('button', { name: '删除' }));
    let dialog = await screen.findByRole('dialog', { name: '确认删除' });
    expect(within(dialog).getByText('删除后无法恢复，是否继续？')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '确认删除' })).not.toBeInTheDocument());
    expect(deleted).toHaveLength(0);

    await userEvent.click(within(c).getByRole('button', { name: '删除' }));
    dialog = await screen.findByRole('dialog', { name: '确认删除' });
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(deleted).toEqual([{ nativeId: 'a' }]));
    await waitFor(() => expect(screen.queryByRole('article', { name: '要删的歌' })).not.toBeInTheDocument());
    expect(await screen.findByRole('article', { name: '留下的歌' })).toBeInTheDocument();
    await expectToast('删除成功');
  });

  it('deleting a generating song shows the server refusal', async () => {
    serveWorks([userSong('g', { title: '生成中的歌', complete: 0, progress_started_at: new Date().toISOString() })], {
      generating: [1],
    });
    server.use(http.post('*/music/deleteSong', () => fail(4090, '音乐正在生成中，请稍候')));
    await openWorks();
    await userEvent.click(within(await card('生成中的歌')).getByRole('button', { name: '删除' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: '确认删除' })).getByRole('button', { name: '确定' }),
    );
    await expectToast('音乐正在生成中，请稍候');
    expect(await screen.findByRole('article', { name: '生成中的歌' })).toBeInTheDocument();
  });

  it('the 公开 switch calls openSong and says 状态修改成功', async () => {
    const backend = serveWorks([userSong('a', { title: '私密的歌', open: 0 })]);
    const calls: unknown[] = [];
    server.use(
      http.post('*/music/openSong', async ({ request }) => {
        const body = (await request.json()) as { openId: 0 | 1 };
        calls.push(body);
        backend.pages.set(1, [userSong('a', { title: '私密的歌', open: body.openId })]);
        return ok({ open: body.openId });
      }),
    );
    await openWorks();
    const toggle = within(await card('私密的歌')).getByRole('switch', { name: '公开' });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await expectToast('状态修改成功');
    expect(calls).toEqual([{ openId: 1, nativeId: 'a' }]);
    await waitFor(() => expect(toggle).toBeChecked());
    await userEvent.click(toggle);
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toEqual({ openId: 0, nativeId: 'a' });
  });

  it('the switch of a generating song shows the server answer when it refuses', async () => {
    serveWorks([userSong('g', { title: '生成中的歌', complete: 0, progress_started_at: new Date().toISOString() })], {
      generating: [1],
    });
    server.use(http.post('*/music/openSong', () => fail(4090, '音乐正在生成中，请稍候')));
    await openWorks();
    const toggle = within(await card('生成中的歌')).getByRole('switch', { name: '公开' });
    expect(toggle).toBeEnabled();
    await userEvent.click(toggle);
    await expectToast('音乐正在生成中，请稍候');
    expect(toggle).not.toBeChecked();
    expect(toastTexts().some((t) => t.includes('状态修改成功'))).toBe(false);
  });

  it('生成类似 opens /create with the name and style in base64', async () => {
    serveWorks([userSong('a', { title: '夏夜晚风', tags: 'pop,female vocal' })]);
    const { location } = await openWorks();
    await userEvent.click(within(await card('夏夜晚风')).getByRole('button', { name: '生成类似' }));
    await waitFor(() => expect(location.current?.pathname).toBe('/create'));
    const params = new URLSearchParams(location.current!.search);
    expect(decodeBase64(params.get('name'))).toBe('夏夜晚风');
    expect(decodeBase64(params.get('style'))).toBe('pop,female vocal');
    expect(await screen.findByRole('textbox', { name: '歌曲名称' })).toHaveValue('夏夜晚风');
    expect(await screen.findByRole('tab', { name: '自定义模式' })).toHaveAttribute('aria-selected', 'true');
  });

  it('share asks for the link and copies it: 链接已复制', async () => {
    serveWorks([userSong('a', { title: '分享的歌' })]);
    const shared: unknown[] = [];
    server.use(
      http.post('*/music/share', async ({ request }) => {
        shared.push(await request.json());
        return ok({ forward_count: 1, url: 'http://127.0.0.1:8080/musicPlayer?id=YQ==' });
      }),
    );
    await openWorks();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(within(await card('分享的歌')).getByRole('button', { name: '分享' }));
    await expectToast('链接已复制');
    expect(shared).toEqual([{ nativeId: 'a' }]);
    expect(writeText).toHaveBeenCalledWith('http://127.0.0.1:8080/musicPlayer?id=YQ==');
  });

  it('a failed song cannot be shared: 仅支持已完成的作品', async () => {
    serveWorks([userSong('f', { title: '失败的歌', complete: -1 })]);
    await openWorks();
    const c = await card('失败的歌');
    expect(within(c).queryByRole('button', { name: '分享' })).not.toBeInTheDocument();
  });

  describe('继续创作 (extend)', () => {
    it('continues from the end by default with new lyrics: action extend, audio_id, continue_at = duration', async () => {
      serveWorks([userSong('a', { title: '夏夜晚风', duration: 95.4, tags: 'pop' })]);
      const bodies: Record<string, unknown>[] = [];
      server.use(
        http.post('*/music/api/create/ace', async ({ request }) => {
          bodies.push((await request.json()) as Record<string, unknown>);
          return ok({ taskId: 't9', songIds: ['x', 'y'] }, '任务提交成功，扣除积分：10');
        }),
      );
      await openWorks();
      await userEvent.click(within(await card('夏夜晚风')).getByRole('button', { name: '继续创作' }));
      const dialog = await screen.findByRole('dialog', { name: '继续创作' });
      expect(within(dialog).getByText('从 01:35 处继续（全长 01:35）')).toBeInTheDocument();
      // No lyrics yet: said, nothing sent.
      await userEvent.click(within(dialog).getByRole('button', { name: '开始续写' }));
      await expectToast('请输入歌词');
      expect(bodies).toHaveLength(0);

      await userEvent.type(within(dialog).getByRole('textbox', { name: '新歌词' }), '风还在吹{Enter}继续唱');
      await userEvent.click(within(dialog).getByRole('button', { name: '开始续写' }));
      await expectToast('任务提交成功，扣除积分：10');
      expect(bodies).toEqual([
        expect.objectContaining({
          action: 'extend',
          audio_id: 'a',
          continue_at: 95,
          custom: true,
          title: '夏夜晚风',
          style: 'pop',
          lyric: '风还在吹\n继续唱',
        }),
      ]);
      await waitFor(() => expect(screen.queryByRole('dialog', { name: '继续创作' })).not.toBeInTheDocument());
    });

    it('the slider moves the start: ArrowLeft goes back a second', async () => {
      serveWorks([userSong('a', { title: '夏夜晚风', duration: 60 })]);
      const bodies: Record<string, unknown>[] = [];
      server.use(
        http.post('*/music/api/create/ace', async ({ request }) => {
          bodies.push((await request.json()) as Record<string, unknown>);
          return ok({ taskId: 't9', songIds: ['x', 'y'] }, '任务提交成功，扣除积分：10');
        }),
      );
      await openWorks();
      await userEvent.click(within(await card('夏夜晚风')).getByRole('button', { name: '继续创作' }));
      const dialog = await screen.findByRole('dialog', { name: '继续创作' });
      const slider = within(dialog).getByRole('slider', { name: '续写起点' });
      expect(slider).toHaveValue('60');
      // Two presses of ArrowLeft, as the browser reports them (jsdom moves no range input by itself).
      fireEvent.input(slider, { target: { value: '59' } });
      fireEvent.input(slider, { target: { value: '58' } });
      expect(within(dialog).getByText('从 00:58 处继续（全长 01:00）')).toBeInTheDocument();
      await userEvent.type(within(dialog).getByRole('textbox', { name: '新歌词' }), '新的一段');
      await userEvent.click(within(dialog).getByRole('button', { name: '开始续写' }));
      await waitFor(() => expect(bodies).toEqual([expect.objectContaining({ continue_at: 58 })]));
    });
  });

  describe('download', () => {
    function captureSaves() {
      const saved: { name: string; href: string }[] = [];
      const createObjectURL = vi.fn(() => 'blob:song');
      const revokeObjectURL = vi.fn();
      Object.assign(URL, { createObjectURL, revokeObjectURL });
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push({ name: this.download, href: this.getAttribute('href') ?? '' });
      });
      return { saved, createObjectURL };
    }

    it('fetches the mp3 and saves it as <title>.mp3', async () => {
      serveWorks([userSong('a', { title: '夏夜晚风' })]);
      const asked: string[] = [];
      server.use(
        http.get('*/music/download', ({ request }) => {
          asked.push(`${new URL(request.url).searchParams.get('id')} ${request.headers.get('Authorization')}`);
          return new HttpResponse(new Uint8Array([0xff, 0xfb, 0x90, 0x00]), {
            headers: { 'Content-Type': 'audio/mpeg' },
          });
        }),
      );
      const { saved, createObjectURL } = captureSaves();
      await openWorks();
      await userEvent.click(within(await card('夏夜晚风')).getByRole('button', { name: '下载' }));
      await waitFor(() => expect(saved).toEqual([{ name: '夏夜晚风.mp3', href: 'blob:song' }]));
      expect(asked).toEqual(['a tok']);
      const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
      expect(blob.size).toBe(4);
    });

    it('no audio address: 暂无下载链接, nothing fetched', async () => {
      serveWorks([userSong('a', { title: '没有音频', native_audio_url: '' })]);
      const { saved } = captureSaves();
      await openWorks();
      await userEvent.click(within(await card('没有音频')).getByRole('button', { name: '下载' }));
      await expectToast('暂无下载链接');
      expect(saved).toHaveLength(0);
    });

    it('a network failure says 网络请求失败', async () => {
      serveWorks([userSong('a', { title: '夏夜晚风' })]);
      server.use(http.get('*/music/download', () => HttpResponse.error()));
      const { saved } = captureSaves();
      await openWorks();
      await userEvent.click(within(await card('夏夜晚风')).getByRole('button', { name: '下载' }));
      await expectToast('网络请求失败');
      expect(saved).toHaveLength(0);
    });

    it('a member also gets 下载无损 WAV: format=wav, saved as <title>.wav', async () => {
      serveWorks([userSong('a', { title: '夏夜晚风' })]);
      server.use(http.get('*/user/select', () => ok(profile({ membershipLevel: 1 }))));
      const asked: string[] = [];
      server.use(
        http.get('*/music/download', ({ request }) => {
          const params = new URL(request.url).searchParams;
          asked.push(`${params.get('id')} ${params.get('format')}`);
          return new HttpResponse(new Uint8Array([0x52, 0x49, 0x46, 0x46]), {
            headers: { 'Content-Type': 'audio/wav' },
          });
        }),
      );
      const { saved } = captureSaves();
      await openWorks();
      await userEvent.click(
        await within(await card('夏夜晚风')).findByRole('button', { name: '下载无损 WAV（会员）' }),
      );
      await waitFor(() => expect(saved).toEqual([{ name: '夏夜晚风.wav', href: 'blob:song' }]));
      expect(asked).toEqual(['a wav']);
    });

    it('a free user sees no WAV action', async () => {
      serveWorks([userSong('a', { title: '夏夜晚风' })]);
      await openWorks();
      const c = await card('夏夜晚风');
      expect(within(c).getByRole('button', { name: '下载' })).toBeInTheDocument();
      expect(within(c).queryByRole('button', { name: '下载无损 WAV（会员）' })).not.toBeInTheDocument();
    });

    it('a refusal shows the server message', async () => {
      serveWorks([userSong('a', { title: '夏夜晚风' })]);
      server.use(http.get('*/music/download', () => fail(4040, '歌曲不存在')));
      captureSaves();
      await openWorks();
      await userEvent.click(within(await card('夏夜晚风')).getByRole('button', { name: '下载' }));
      await expectToast('歌曲不存在');
    });
  });
});

describe('my works: pagination', () => {
  it('20 a page from listNumber; page 2 is requested', async () => {
    const first = Array.from({ length: 20 }, (_, i) => userSong(`p1-${i}`, { title: `第一页${i}` }));
    const backend = serveWorks(first, { count: 45 });
    backend.pages.set(2, [userSong('p2-0', { title: '第二页的歌' })]);
    await openWorks();
    await card('第一页0');
    // Cards beyond the first few render in later tasks (lib/deferred.tsx).
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(20));
    const nav = await screen.findByRole('navigation', { name: '作品分页' });
    expect(within(nav).getByRole('button', { name: '转到第 3 页' })).toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: '转到第 4 页' })).not.toBeInTheDocument();
    await userEvent.click(within(nav).getByRole('button', { name: '转到第 2 页' }));
    expect(await card('第二页的歌')).toBeInTheDocument();
    expect(backend.listRequests).toContain(2);
  });
});

describe('my works: polling', () => {
  it('while a song generates, generateNumber every 10 s; 1 → 0 reloads the list and says 恭喜！音乐创作完成', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const backend = serveWorks(
      [userSong('g', { title: '生成中的歌', complete: 0, progress_started_at: new Date().toISOString() })],
      {
        generating: [1, 0],
      },
    );
    await openWorks();
    await card('生成中的歌');
    await waitFor(() => expect(backend.generateRequests).toBe(1));
    const listsBefore = backend.listRequests.length;
    backend.pages.set(1, [userSong('g', { title: '生成中的歌', complete: 1 })]);

    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(backend.generateRequests).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(backend.generateRequests).toBeGreaterThanOrEqual(2));
    await expectToast('恭喜！音乐创作完成');
    await waitFor(() => expect(backend.listRequests.length).toBeGreaterThan(listsBefore));
    const c = await card('生成中的歌');
    await waitFor(() => expect(within(c).getByRole('button', { name: '播放' })).toBeInTheDocument());
    expect(within(c).queryByText(/^生成中 /)).not.toBeInTheDocument();

    // Nothing generates any more: polling stops.
    const after = backend.generateRequests;
    await act(() => vi.advanceTimersByTimeAsync(35_000));
    expect(backend.generateRequests).toBe(after);
    expect(toastTexts().filter((t) => t.includes('恭喜！音乐创作完成'))).toHaveLength(1);
  });

  it('no polling when nothing generates', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const backend = serveWorks([
      userSong('a', { title: '完成的歌' }),
      userSong('f', { title: '失败的歌', complete: -1 }),
    ]);
    await openWorks();
    await card('完成的歌');
    await act(() => vi.advanceTimersByTimeAsync(35_000));
    expect(backend.generateRequests).toBe(0);
  });

  it('no polling while the page is hidden; it starts when the page shows again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const backend = serveWorks(
      [userSong('g', { title: '生成中的歌', complete: 0, progress_started_at: new Date().toISOString() })],
      {
        generating: [1],
      },
    );
    await openWorks();
    await card('生成中的歌');
    await act(() => vi.advanceTimersByTimeAsync(25_000));
    expect(backend.generateRequests).toBe(0);
    visibility.mockReturnValue('visible');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(backend.generateRequests).toBeGreaterThan(0));
  });
});
