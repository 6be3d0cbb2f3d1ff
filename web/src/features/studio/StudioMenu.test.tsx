// 工作室 (docs/web.md, "Studio"): what the menu offers for which song, the cost shown before confirming, the requests
// it sends, the member benefits named for free users, the stems ZIP, and the player's 翻唱自 credit.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { playerHref } from '../../lib/player-links';
import { TOKEN_KEY } from '../../lib/session';
import type { SongDetail } from '../../lib/types';
import { profile, userSong } from '../../testing/fixtures';
import { fail, ok } from '../../testing/handlers';
import { renderApp } from '../../testing/render';
import { server } from '../../testing/server';
import { expectToast } from '../../testing/toast';
import { findWorkCard, serveWorks } from '../../testing/works';
import { studioItems, type StudioSong } from './studio';

const base: StudioSong = { id: 's', title: '夏日', origin: 'generate', mine: true, hasStems: false };

describe('studioItems', () => {
  it('offers stems on one’s own songs, a cover on created songs, MIDI everywhere, the ZIP when stems are known', () => {
    expect(studioItems(base, false)).toEqual(['stems', 'allStems', 'midi', 'cover']);
    expect(studioItems({ ...base, hasStems: true }, true)).toEqual([
      'stems',
      'allStems',
      'midi',
      'cover',
      'stemsZip',
      'stemsZipWav',
    ]);
    // Someone else's public song: a cover and its MIDI only.
    expect(studioItems({ ...base, mine: false }, true)).toEqual(['midi', 'cover']);
    // A stem: not split again, not covered; the ZIP of its source's stems.
    expect(studioItems({ ...base, origin: 'stems', sourceId: 'o' }, false)).toEqual(['midi', 'stemsZip']);
    expect(studioItems({ ...base, origin: 'concat' }, false)).toEqual(['midi']);
    expect(studioItems({ ...base, origin: 'cover' }, false)).toEqual(['stems', 'allStems', 'midi']);
  });
});

/** Records the create bodies and answers them with `answer`. */
function serveCreate(
  answer: () => Response = () => ok({ taskId: 't', songIds: ['a', 'b'] }, '任务提交成功，扣除积分：5'),
) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post('*/music/api/create/ace', async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return answer();
    }),
  );
  return bodies;
}

async function openStudio(title = '夏日') {
  renderApp('/mywork');
  const card = await findWorkCard(title);
  await userEvent.click(within(card).getByRole('button', { name: '工作室' }));
  return screen.findByRole('menu', { name: '工作室' });
}

describe('工作室 on a work card', () => {
  it('分离音轨 names the two stems and the 5 points before sending {action: stems}', async () => {
    serveWorks([userSong('s', { title: '夏日', origin: 'generate', source_id: '' })]);
    const bodies = serveCreate();
    const menu = await openStudio();
    expect(within(menu).getByRole('menuitem', { name: /分离音轨.*5 积分/ })).toBeInTheDocument();
    await userEvent.click(within(menu).getByRole('menuitem', { name: /分离音轨/ }));
    const dialog = await screen.findByRole('dialog', { name: '分离音轨' });
    expect(dialog).toHaveAccessibleDescription(expect.stringMatching(/人声和伴奏.*消耗 5 积分/));
    expect(bodies).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: '开始分离' }));
    await expectToast('任务提交成功，扣除积分：5');
    expect(bodies).toEqual([{ action: 'stems', audio_id: 's' }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '分离音轨' })).not.toBeInTheDocument());
  });

  it('a free user asking for four stems or the MIDI is told the member benefit, and nothing is sent', async () => {
    serveWorks([userSong('s', { title: '夏日', origin: 'generate', source_id: '' })]);
    const bodies = serveCreate();
    const downloads: string[] = [];
    server.use(
      http.get('*/music/download', ({ request }) => {
        downloads.push(request.url);
        return fail(4030, 'x');
      }),
    );
    let menu = await openStudio();
    expect(within(menu).getByRole('menuitem', { name: /四轨分离.*会员专享/ })).toBeInTheDocument();
    await userEvent.click(within(menu).getByRole('menuitem', { name: /四轨分离/ }));
    let dialog = await screen.findByRole('dialog', { name: '会员专享' });
    expect(dialog).toHaveAccessibleDescription('四轨分离（人声、鼓、贝斯、其他）是会员专享权益，开通会员后即可使用');
    await userEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const card = await findWorkCard('夏日');
    await userEvent.click(within(card).getByRole('button', { name: '工作室' }));
    menu = await screen.findByRole('menu', { name: '工作室' });
    await userEvent.click(within(menu).getByRole('menuitem', { name: /下载 MIDI/ }));
    dialog = await screen.findByRole('dialog', { name: '会员专享' });
    expect(dialog).toHaveAccessibleDescription('MIDI 下载是会员专享权益，开通会员后即可下载');
    expect(within(dialog).getByRole('button', { name: '开通会员' })).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    expect(downloads).toHaveLength(0);
  });

  it('a member’s four stems cost 10 points; a refusal shows the server’s sentence', async () => {
    serveWorks([userSong('s', { title: '夏日', origin: 'generate', source_id: '' })]);
    server.use(http.get('*/user/select', () => ok(profile({ membershipLevel: 1 }))));
    const bodies = serveCreate(() => fail(4020, '积分不足，请充值或开通会员'));
    const menu = await openStudio();
    await userEvent.click(within(menu).getByRole('menuitem', { name: /四轨分离/ }));
    const dialog = await screen.findByRole('dialog', { name: '四轨分离' });
    expect(dialog).toHaveAccessibleDescription(expect.stringMatching(/人声、鼓、贝斯、其他.*消耗 10 积分/));
    await userEvent.click(within(dialog).getByRole('button', { name: '开始分离' }));
    await expectToast('积分不足，请充值或开通会员');
    expect(bodies).toEqual([{ action: 'all_stems', audio_id: 's' }]);
    expect(screen.getByRole('dialog', { name: '四轨分离' })).toBeInTheDocument();
  });

  it('换个风格 needs a style from the genre picker, shows the cost, and sends {action: cover, style, title}', async () => {
    serveWorks([userSong('s', { title: '夏日', origin: 'generate', source_id: '' })]);
    const bodies = serveCreate(() => ok({ taskId: 't', songIds: ['a', 'b'] }, '任务提交成功，扣除积分：10'));
    const menu = await openStudio();
    await userEvent.click(within(menu).getByRole('menuitem', { name: /换个风格.*10 积分/ }));
    const dialog = await screen.findByRole('dialog', { name: '换个风格' });
    expect(dialog).toHaveAccessibleDescription(expect.stringMatching(/保留《夏日》.*消耗 10 积分/));
    await userEvent.click(within(dialog).getByRole('button', { name: '开始换风格' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('请选择新的风格');
    expect(bodies).toHaveLength(0);
    await userEvent.click(within(dialog).getAllByRole('button', { pressed: false })[0]!);
    await userEvent.type(within(dialog).getByRole('textbox', { name: '新歌名（可选）' }), '夏日新版');
    await userEvent.click(within(dialog).getByRole('button', { name: '开始换风格' }));
    await expectToast('任务提交成功，扣除积分：10');
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ action: 'cover', audio_id: 's', title: '夏日新版' });
    expect(String(bodies[0]!.style)).not.toBe('');
  });

  it('下载全部音轨 saves the ZIP of the song’s stems when they are on the page', async () => {
    serveWorks([
      userSong('v', { title: '《夏日》人声', origin: 'stems', source_id: 's' }),
      userSong('b', { title: '《夏日》伴奏', origin: 'stems', source_id: 's' }),
      userSong('s', { title: '夏日', origin: 'generate', source_id: '' }),
      userSong('o', { title: '别的歌', origin: 'generate', source_id: '' }),
    ]);
    const asked: string[] = [];
    server.use(
      http.get('*/music/download', ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(`${params.get('id')} ${params.get('format')}`);
        return new HttpResponse(new Uint8Array([0x50, 0x4b, 3, 4]), { headers: { 'Content-Type': 'application/zip' } });
      }),
    );
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:zip'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    let menu = await openStudio('别的歌');
    expect(within(menu).queryByRole('menuitem', { name: /下载全部音轨/ })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    const card = await findWorkCard('夏日');
    await userEvent.click(within(card).getByRole('button', { name: '工作室' }));
    menu = await screen.findByRole('menu', { name: '工作室' });
    await userEvent.click(within(menu).getByRole('menuitem', { name: /下载全部音轨/ }));
    await waitFor(() => expect(saved).toEqual(['夏日 音轨.zip']));
    // From a stem: the same song's stems.
    const stem = await findWorkCard('《夏日》人声');
    await userEvent.click(within(stem).getByRole('button', { name: '工作室' }));
    menu = await screen.findByRole('menu', { name: '工作室' });
    expect(within(menu).queryByRole('menuitem', { name: /分离音轨/ })).not.toBeInTheDocument();
    await userEvent.click(within(menu).getByRole('menuitem', { name: /下载全部音轨/ }));
    await waitFor(() => expect(saved).toEqual(['夏日 音轨.zip', '夏日 音轨.zip']));
    expect(asked).toEqual(['s stems', 's stems']);
    click.mockRestore();
  });
});

function detail(overrides: Partial<SongDetail> = {}): SongDetail {
  return {
    nativeId: 'c',
    title: '夏日（摇滚版）',
    userName: '小红',
    tags: 'Rock',
    imageUrl: '/media/c.svg',
    lyric: '',
    duration: 100,
    audio: '/media/c.mp3',
    likeCount: 0,
    liked: false,
    play_count: 0,
    forward_count: 0,
    timeline: null,
    mine: false,
    origin: 'cover',
    source: { nativeId: 's', title: '夏日', userName: '小明' },
    ...overrides,
  };
}

describe('工作室 and the credit on the player', () => {
  it('a cover credits its original: 翻唱自《夏日》 · 小明, linking to its player page', async () => {
    server.use(http.get('*/music/getMusic', () => ok(detail())));
    renderApp(playerHref('c'));
    const link = await screen.findByRole('link', { name: '《夏日》' });
    expect(link).toHaveAttribute('href', playerHref('s'));
    expect(link.closest('p')).toHaveTextContent('翻唱自《夏日》 · 小明');
  });

  it('no credit when the original is not to be seen, nor on a song that is not a cover', async () => {
    server.use(http.get('*/music/getMusic', () => ok(detail({ source: null }))));
    const { unmount } = renderApp(playerHref('c'));
    await screen.findByRole('heading', { name: '夏日（摇滚版）' });
    expect(screen.queryByText(/翻唱自/)).not.toBeInTheDocument();
    unmount();
    server.use(http.get('*/music/getMusic', () => ok(detail({ origin: 'extend' }))));
    renderApp(playerHref('c'));
    await screen.findByRole('heading', { name: '夏日（摇滚版）' });
    expect(screen.queryByText(/翻唱自/)).not.toBeInTheDocument();
  });

  it('on someone else’s public song: a cover and the MIDI; a visitor is asked to sign in', async () => {
    server.use(http.get('*/music/getMusic', () => ok(detail({ origin: 'generate', source: null }))));
    const { unmount } = renderApp(playerHref('c'));
    await userEvent.click(await screen.findByRole('button', { name: '工作室' }));
    expect(await screen.findByRole('dialog', { name: '登录' })).toBeInTheDocument();
    unmount();

    window.localStorage.setItem(TOKEN_KEY, 'tok');
    server.use(
      http.get('*/user/select', () => ok(profile({ membershipLevel: 1 }))),
      http.get('*/music/download', ({ request }) => {
        const params = new URL(request.url).searchParams;
        return params.get('format') === 'midi'
          ? new HttpResponse(new Uint8Array([0x4d, 0x54, 0x68, 0x64]), { headers: { 'Content-Type': 'audio/midi' } })
          : fail(4000, 'x');
      }),
    );
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:mid'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderApp(playerHref('c'));
    await userEvent.click(await screen.findByRole('button', { name: '工作室' }));
    const menu = await screen.findByRole('menu', { name: '工作室' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['下载 MIDI可在音乐软件中编辑', '换个风格保留歌词和旋律 · 10 积分']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: /下载 MIDI/ }));
    await waitFor(() => expect(saved).toEqual(['夏日（摇滚版）.mid']));
    click.mockRestore();
  });
});

describe('stem and cover cards', () => {
  it('a stem says which part it is next to its date (its title is cut after five characters); a cover says 换风格', async () => {
    serveWorks([
      userSong('v', { title: '《海浪》人声', origin: 'stems', source_id: 's' }),
      userSong('d', { title: '《海浪》贝斯', origin: 'all_stems', source_id: 's' }),
      userSong('c', { title: '海浪摇滚', origin: 'cover', source_id: 'x' }),
    ]);
    renderApp('/mywork');
    expect(
      within(await screen.findByRole('article', { name: '《海浪》人声' })).getByText('人声音轨'),
    ).toBeInTheDocument();
    expect(
      within(await screen.findByRole('article', { name: '《海浪》贝斯' })).getByText('贝斯音轨'),
    ).toBeInTheDocument();
    expect(within(await screen.findByRole('article', { name: '海浪摇滚' })).getByText('换风格')).toBeInTheDocument();
  });
});
