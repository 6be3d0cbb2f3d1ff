import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { encodeBase64 } from '../../lib/base64';
import { userSong } from '../../testing/fixtures';
import { fail, ok } from '../../testing/handlers';
import { renderApp } from '../../testing/render';
import { server } from '../../testing/server';
import { expectToast, toastTexts } from '../../testing/toast';
import { serveWorks } from '../../testing/works';
import type { CreateBody } from './form';

type Reply = () => ReturnType<typeof ok> | ReturnType<typeof fail>;

/** Records every create request; answers success unless told otherwise. */
function watchCreate(reply?: Reply) {
  const bodies: CreateBody[] = [];
  server.use(
    http.post('*/music/api/create/ace', async ({ request }) => {
      bodies.push((await request.json()) as CreateBody);
      return reply ? reply() : ok({ taskId: 't1', songIds: ['s1', 's2'] }, '任务提交成功，扣除积分：10');
    }),
  );
  return bodies;
}

/** Records every lyric request and answers with `reply`. */
function watchLyrics(reply: Reply) {
  const prompts: string[] = [];
  server.use(
    http.post('*/music/api/generateLyrics', async ({ request }) => {
      prompts.push(((await request.json()) as { prompt: string }).prompt);
      return reply();
    }),
  );
  return prompts;
}

async function openCreate(path = '/create', loggedIn = true) {
  if (loggedIn) serveWorks();
  const utils = renderApp(path);
  await screen.findByRole('tab', { name: '灵感模式' });
  // The form's controls are parts of the page whose code comes after the page's (CreatePage.tsx).
  await waitFor(() => expect(document.getElementById('create-model')).not.toBeNull());
  await screen.findAllByRole('textbox');
  return utils;
}

async function openCustom(path = '/create') {
  await openCreate(path);
  await userEvent.click(screen.getByRole('tab', { name: '自定义模式' }));
  return screen.findByRole('textbox', { name: '歌曲名称' });
}

async function fill(name: string, value: string) {
  const box = screen.getByRole('textbox', { name });
  await userEvent.clear(box);
  if (value) {
    await userEvent.click(box);
    await userEvent.paste(value);
  }
  return box;
}

const submit = () => userEvent.click(screen.getByRole('button', { name: '开始创作' }));

/** Waits for the submit to settle, then checks that nothing was sent. */
async function expectNothingSent(bodies: unknown[]) {
  await new Promise((r) => setTimeout(r, 30));
  expect(bodies).toHaveLength(0);
}

describe('create page: inspiration mode (tab 1)', () => {
  it('refuses an empty description with 请先输入歌词描述 and sends nothing', async () => {
    const bodies = watchCreate();
    await openCreate();
    expect(screen.getByRole('tab', { name: '灵感模式' })).toHaveAttribute('aria-selected', 'true');
    await submit();
    await expectToast('请先输入歌词描述');
    expect(screen.getByRole('textbox', { name: '歌词描述' })).toHaveAttribute('aria-invalid', 'true');
    await expectNothingSent(bodies);
  });

  it('sends 200 characters', async () => {
    const bodies = watchCreate();
    await openCreate();
    await fill('歌词描述', '歌'.repeat(200));
    expect(screen.getByText('200/200')).toBeInTheDocument();
    await submit();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      action: 'generate',
      prompt: '歌'.repeat(200),
      model: 'chirp-v3-5',
      lyric: '',
      custom: false,
      instrumental: false,
      title: '',
      style: '',
      audio_id: '',
      continue_at: 0,
      gender: 'random',
    });
  });

  it('refuses 201 characters with 歌词描述不能超过200个字符 and sends nothing', async () => {
    const bodies = watchCreate();
    await openCreate();
    await fill('歌词描述', '歌'.repeat(201));
    expect(screen.getByText('201/200')).toBeInTheDocument();
    await submit();
    await expectToast('歌词描述不能超过200个字符');
    await expectNothingSent(bodies);
  });

  it('sends the instrumental switch and the chosen model id', async () => {
    const bodies = watchCreate();
    await openCreate();
    await fill('歌词描述', '海边的夏天');
    await userEvent.click(screen.getByRole('switch', { name: '纯音乐' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: '模型' }), 'V4.5+');
    await submit();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      prompt: '海边的夏天',
      instrumental: true,
      model: 'chirp-v4-5-plus',
      custom: false,
    });
  });

  it('offers the six models with V3.5 as the default', async () => {
    await openCreate();
    expect(screen.getByRole('combobox', { name: '模型' })).toHaveDisplayValue('V3.5（默认）');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['V3.5（默认）', 'V4.5+', 'V4.5', 'V4', 'V3', 'V2']);
    // Named in Chinese for screen readers.
    expect(screen.getByRole('option', { name: '模型 V4.5+' })).toHaveValue('chirp-v4-5-plus');
  });

  it('随机灵感 fills the description with a prompt', async () => {
    await openCreate();
    const box = screen.getByRole('textbox', { name: '歌词描述' });
    expect(box).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: '随机灵感' }));
    const first = (box as HTMLTextAreaElement).value;
    expect(first.length).toBeGreaterThan(5);
    await userEvent.click(screen.getByRole('button', { name: '随机灵感' }));
    expect(box).not.toHaveValue(first);
  });
});

describe('create page: custom mode (tab 3)', () => {
  it('needs a song name (请输入歌曲名称) and lyrics (请输入歌词)', async () => {
    const bodies = watchCreate();
    await openCustom();
    await submit();
    await expectToast('请输入歌曲名称');
    await fill('歌曲名称', '夏夜');
    await submit();
    await expectToast('请输入歌词');
    expect(screen.getByRole('textbox', { name: '歌词' })).toHaveAttribute('aria-invalid', 'true');
    await expectNothingSent(bodies);
  });

  it('song name: 50 characters are sent, 51 refused with 歌曲名称不能超过50个字符', async () => {
    const bodies = watchCreate();
    await openCustom();
    await fill('歌词', '晚风吹过海面');
    await fill('歌曲名称', '名'.repeat(51));
    await submit();
    await expectToast('歌曲名称不能超过50个字符');
    await expectNothingSent(bodies);
    await fill('歌曲名称', '名'.repeat(50));
    await submit();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ custom: true, title: '名'.repeat(50), lyric: '晚风吹过海面', prompt: '' });
  });

  it('lyrics: 2000 characters are sent, 2001 refused with 歌词不能超过2000个字符', async () => {
    const bodies = watchCreate();
    await openCustom();
    await fill('歌曲名称', '夏夜');
    await fill('歌词', '词'.repeat(2001));
    expect(screen.getByText('2001/2000')).toBeInTheDocument();
    await submit();
    await expectToast('歌词不能超过2000个字符');
    await expectNothingSent(bodies);
    await fill('歌词', '词'.repeat(2000));
    await submit();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]!.lyric).toHaveLength(2000);
  });

  it('tags: 10 chips can be chosen; the 11th says 标签选择已达上限 and stays off', async () => {
    const bodies = watchCreate();
    await openCustom();
    const picker = screen.getByRole('tabpanel', { name: '常用' });
    const chips = within(picker).getAllByRole('button');
    expect(chips.length).toBeGreaterThanOrEqual(11);
    for (const chip of chips.slice(0, 10)) await userEvent.click(chip);
    expect(chips.slice(0, 10).every((c) => c.getAttribute('aria-pressed') === 'true')).toBe(true);
    expect(screen.getByText('已选标签 10/10')).toBeInTheDocument();
    await userEvent.click(chips[10]!);
    await expectToast('标签选择已达上限');
    expect(chips[10]).toHaveAttribute('aria-pressed', 'false');
    // Ten tags are accepted.
    await fill('歌曲名称', '夏夜');
    await fill('歌词', '晚风吹过海面');
    await submit();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]!.style.split(',')).toHaveLength(10);
  });

  it('tags: ten chips plus a free-text item are refused with 标签选择已达上限', async () => {
    const bodies = watchCreate();
    await openCustom();
    const chips = within(screen.getByRole('tabpanel', { name: '常用' })).getAllByRole('button');
    for (const chip of chips.slice(0, 10)) await userEvent.click(chip);
    await fill('歌曲名称', '夏夜');
    await fill('歌词', '晚风吹过海面');
    await fill('自定义风格', 'lofi');
    await submit();
    await expectToast('标签选择已达上限');
    await expectNothingSent(bodies);
  });

  it('chosen tags can be removed again', async () => {
    await openCustom();
    const chip = within(screen.getByRole('tabpanel', { name: '常用' })).getByRole('button', { name: '摇滚' });
    await userEvent.click(chip);
    expect(chip).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: '移除标签 摇滚' }));
    expect(chip).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('button', { name: '移除标签 摇滚' })).not.toBeInTheDocument();
  });

  it('shows the 17 genre groups', async () => {
    await openCustom();
    const groups = within(screen.getByRole('tablist', { name: '风格分类' })).getAllByRole('tab');
    expect(groups.map((t) => t.textContent)).toEqual([
      '常用',
      '中国风',
      '流行',
      '拉丁',
      '摇滚',
      '爵士',
      '乡村',
      '舞曲',
      '都市',
      '雷鬼',
      '慢节奏',
      '金属',
      '精准控制',
      '古典',
      '世界',
      '新世纪',
      '实验',
    ]);
    await userEvent.click(screen.getByRole('tab', { name: '爵士' }));
    expect(within(screen.getByRole('tabpanel', { name: '爵士' })).getAllByRole('button').length).toBeGreaterThan(5);
  });

  it('style: 120 characters are sent, 121 refused with 风格总长度不能超过120个字符', async () => {
    const bodies = watchCreate();
    await openCustom();
    await fill('歌曲名称', '夏夜');
    await fill('歌词', '晚风吹过海面');
    await fill('自定义风格', 'a'.repeat(121));
    expect(screen.getByText('121/120')).toBeInTheDocument();
    await submit();
    await expectToast('风格总长度不能超过120个字符');
    await expectNothingSent(bodies);
    await fill('自定义风格', 'a'.repeat(120));
    await submit();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]!.style).toBe('a'.repeat(120));
  });

  it('style: the gender tag counts towards 120 (109 + "male vocal," is sent, 110 is refused)', async () => {
    const bodies = watchCreate();
    await openCustom();
    await fill('歌曲名称', '夏夜');
    await fill('歌词', '晚风吹过海面');
    await userEvent.click(screen.getByRole('radio', { name: '男声' }));
    await fill('自定义风格', 'a'.repeat(110));
    expect(screen.getByText('121/120')).toBeInTheDocument();
    await submit();
    await expectToast('风格总长度不能超过120个字符');
    await expectNothingSent(bodies);
    await fill('自定义风格', 'a'.repeat(109));
    expect(screen.getByText('120/120')).toBeInTheDocument();
    await submit();
    await waitFor(() => expect(bodies).toHaveLength(1));
  });

  it('normalises the style as the server does: full-width commas, Chinese labels to English, gender in front', async () => {
    const bodies = watchCreate();
    await openCustom();
    await fill('歌曲名称', ' 夏夜 ');
    await fill('歌词', '晚风吹过海面\n星星落进眼里');
    const picker = screen.getByRole('tabpanel', { name: '常用' });
    await userEvent.click(within(picker).getByRole('button', { name: '流行' }));
    await userEvent.click(within(picker).getByRole('button', { name: '摇滚' }));
    await userEvent.click(screen.getByRole('radio', { name: '男声' }));
    await fill('自定义风格', '钢琴， 温柔,流行,');
    // What the server stores: "male vocal,pop,Rock,钢琴,Gentle" (30 characters).
    const combined = 'male vocal,pop,Rock,钢琴,Gentle';
    expect(screen.getByText(`${Array.from(combined).length}/120`)).toBeInTheDocument();
    await submit();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      action: 'generate',
      prompt: '',
      model: 'chirp-v3-5',
      lyric: '晚风吹过海面\n星星落进眼里',
      custom: true,
      instrumental: false,
      title: '夏夜',
      style: 'pop,Rock,钢琴,Gentle',
      audio_id: '',
      continue_at: 0,
      gender: 'male',
    });
    // The server puts the gender tag in front of the style it was sent: the counted string.
    expect(['male vocal', ...bodies[0]!.style.split(',')].join(',')).toBe(combined);
  });

  it('instrumental music with a style needs no lyrics', async () => {
    const bodies = watchCreate();
    await openCustom();
    await fill('歌曲名称', '夏夜');
    await userEvent.click(within(screen.getByRole('tabpanel', { name: '常用' })).getByRole('button', { name: '电子' }));
    await userEvent.click(screen.getByRole('switch', { name: '纯音乐' }));
    await submit();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ instrumental: true, lyric: '', style: 'Electronic', gender: 'random' });
  });
});

describe('create page: prefill from the address', () => {
  it('keywords (base64) open tab 1 with the description', async () => {
    await openCreate(`/create?keywords=${encodeURIComponent(encodeBase64('一首关于猫的歌'))}`);
    expect(screen.getByRole('tab', { name: '灵感模式' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('textbox', { name: '歌词描述' })).toHaveValue('一首关于猫的歌');
  });

  it('name and style (base64) open tab 3; dictionary styles become chips, the rest free text', async () => {
    const query = new URLSearchParams({
      name: encodeBase64('夏夜晚风'),
      style: encodeBase64('pop,Male Vocal,城市夜色'),
    });
    await openCreate(`/create?${query.toString()}`);
    expect(screen.getByRole('tab', { name: '自定义模式' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('textbox', { name: '歌曲名称' })).toHaveValue('夏夜晚风');
    expect(screen.getByRole('button', { name: '移除标签 流行' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '移除标签 男声' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('tabpanel', { name: '常用' })).getByRole('button', { name: '流行' }),
    ).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('textbox', { name: '自定义风格' })).toHaveValue('城市夜色');
  });
});

describe('create page: AI lyrics', () => {
  it('needs a song name first: 请先输入歌曲名称, no request', async () => {
    const prompts = watchLyrics(() => ok({ text: '歌词', title: '夏夜' }));
    await openCustom();
    await userEvent.click(screen.getByRole('button', { name: 'AI 写歌词' }));
    await expectToast('请先输入歌曲名称');
    await new Promise((r) => setTimeout(r, 30));
    expect(prompts).toHaveLength(0);
  });

  it('fills the lyrics with the answer', async () => {
    const prompts = watchLyrics(() => ok({ text: '[Verse]\n晚风吹过海面', title: '夏夜' }));
    await openCustom();
    await fill('歌曲名称', '夏夜');
    await userEvent.click(screen.getByRole('button', { name: 'AI 写歌词' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: '歌词' })).toHaveValue('[Verse]\n晚风吹过海面'));
    expect(prompts).toEqual(['夏夜']);
  });

  // A refusal is known by its code (4220), never by its text: any 4220 is a refusal, a refusal's text under another
  // code is not. The refusal's own text is not shown.
  it.each([
    [4220, '歌名包含敏感内容，无法生成歌词', '歌词生成失败！请输入文明合规的歌名'],
    [4220, '内容未通过安全审核', '歌词生成失败！请输入文明合规的歌名'],
    [4220, '提供方的其他拒绝说法', '歌词生成失败！请输入文明合规的歌名'],
    [5020, '内容未通过安全审核', '歌词生成失败！请稍后再试'],
    [5020, 'AI 服务繁忙，请稍后再试', '歌词生成失败！请稍后再试'],
  ])('failure %i %s → %s', async (code, text, shown) => {
    watchLyrics(() => fail(code, text));
    await openCustom();
    await fill('歌曲名称', '某个歌名');
    await userEvent.click(screen.getByRole('button', { name: 'AI 写歌词' }));
    await expectToast(shown);
    expect(toastTexts().some((t) => t.includes(text))).toBe(false);
    expect(screen.getByRole('textbox', { name: '歌词' })).toHaveValue('');
  });
});

describe('create page: submitting', () => {
  it('toasts the server message and opens the 音乐列表 drawer with the new songs', async () => {
    const backend = serveWorks();
    watchCreate();
    renderApp('/create');
    await fill('歌词描述', '海边的夏天');
    backend.pages.set(1, [
      userSong('s1', { title: '海边的夏天', complete: 0, progress_started_at: new Date().toISOString() }),
      userSong('s2', { title: '海边的夏天', complete: 0, progress_started_at: new Date().toISOString() }),
    ]);
    backend.count = 2;
    backend.generating = [2];
    await submit();
    await expectToast('任务提交成功，扣除积分：10');
    const drawer = await screen.findByRole('dialog', { name: /音乐列表/ });
    await waitFor(() => expect(within(drawer).getAllByRole('article')).toHaveLength(2));
    expect(within(drawer).getAllByText(/^生成中 \d+\.\d\d%$/)).toHaveLength(2);
    // Something generates: the count is polled.
    await waitFor(() => expect(backend.generateRequests).toBeGreaterThan(0));
  });

  it.each([
    [4020, '积分不足，请充值或开通会员'],
    [4290, '当前并发任务已达上限，请等待作品生成完成'],
  ])('shows the server message of %i', async (code, message) => {
    const bodies = watchCreate(() => fail(code, message));
    await openCreate();
    await fill('歌词描述', '海边的夏天');
    await submit();
    await expectToast(message);
    expect(bodies).toHaveLength(1);
    expect(screen.queryByRole('dialog', { name: /音乐列表/ })).not.toBeInTheDocument();
  });

  it('visitors get the login dialog and nothing is sent', async () => {
    const bodies = watchCreate();
    await openCreate('/create', false);
    await fill('歌词描述', '海边的夏天');
    await submit();
    expect(await screen.findByRole('dialog', { name: '登录' })).toBeInTheDocument();
    await expectNothingSent(bodies);
  });

  it('a 4010 answer opens the login dialog', async () => {
    watchCreate(() => fail(4010, '请先登录'));
    await openCreate();
    await fill('歌词描述', '海边的夏天');
    await submit();
    expect(await screen.findByRole('dialog', { name: '登录' })).toBeInTheDocument();
  });
});

describe('create page: 音乐列表 drawer', () => {
  it('lists the user songs with the same cards as my works', async () => {
    serveWorks([userSong('a', { title: '第一首歌曲很长', tags: 'pop' }), userSong('b', { complete: -1 })]);
    renderApp('/create');
    await userEvent.click(await screen.findByRole('button', { name: '音乐列表' }));
    const drawer = await screen.findByRole('dialog', { name: /音乐列表/ });
    const cards = await within(drawer).findAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('第一首歌曲…')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('生成错误')).toBeInTheDocument();
    await userEvent.click(within(drawer).getByRole('button', { name: '关闭音乐列表' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /音乐列表/ })).not.toBeInTheDocument());
  });

  it('生成类似 in the drawer refills the form from that song', async () => {
    serveWorks([userSong('a', { title: '夏夜', tags: 'Rock,female vocal' })]);
    const { location } = renderApp('/create');
    await userEvent.click(await screen.findByRole('button', { name: '音乐列表' }));
    const drawer = await screen.findByRole('dialog', { name: /音乐列表/ });
    await userEvent.click(await within(drawer).findByRole('button', { name: '生成类似' }));
    await waitFor(() => expect(location.current?.search).toContain('name='));
    expect(await screen.findByRole('textbox', { name: '歌曲名称' })).toHaveValue('夏夜');
    expect(screen.getByRole('button', { name: '移除标签 摇滚' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '移除标签 女声' })).toBeInTheDocument();
  });
});
