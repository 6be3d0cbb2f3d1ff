// 合成完整歌曲 on my works: the action only on finished extensions, the confirm dialog, the concat create and its
// refusals, and the lineage labels (续写作品 / 完整版).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { UserSong } from '../../lib/types';
import { userSong } from '../../testing/fixtures';
import { fail, ok } from '../../testing/handlers';
import { renderApp } from '../../testing/render';
import { server } from '../../testing/server';
import { expectToast, toastTexts } from '../../testing/toast';
import { findWorkCard, serveWorks } from '../../testing/works';

async function openWorks() {
  const utils = renderApp('/mywork');
  await screen.findByRole('heading', { level: 1, name: '我的作品' });
  return utils;
}

const card = findWorkCard;

const original = () => userSong('o', { title: '原曲', duration: 60, origin: 'generate', source_id: '' });
const extension = (overrides: Partial<UserSong> = {}) =>
  userSong('e', { title: '续写的歌', duration: 40, origin: 'extend', source_id: 'o', ...overrides });

/** Records the create bodies; answers with `answer` (one new song by default). */
function serveCreate(
  answer: () => Response | Promise<Response> = () => ok({ taskId: 't1', songIds: ['j'] }, '任务提交成功，扣除积分：0'),
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

describe('合成完整歌曲: where the action is offered', () => {
  it('only on a finished extension: not on an ordinary song, a joined song, an older server’s song or a generating extension', async () => {
    serveWorks(
      [
        extension(),
        userSong('g', {
          title: '生成中的续写',
          origin: 'extend',
          source_id: 'o',
          complete: 0,
          progress_started_at: new Date().toISOString(),
        }),
        userSong('f', { title: '失败的续写', origin: 'extend', source_id: 'o', complete: -1 }),
        userSong('c', { title: '合成的歌', origin: 'concat', source_id: 'e' }),
        original(),
        userSong('old', { title: '旧服务器的歌' }),
      ],
      { generating: [1] },
    );
    await openWorks();
    expect(within(await card('续写的歌')).getByRole('button', { name: '合成完整歌曲' })).toBeEnabled();
    for (const name of ['生成中的续写', '合成的歌', '原曲', '旧服务器的歌']) {
      const c = await card(name);
      expect(within(c).getByRole('button', { name: '继续创作' })).toBeInTheDocument();
      expect(within(c).queryByRole('button', { name: '合成完整歌曲' })).not.toBeInTheDocument();
    }
    expect(within(await card('失败的续写')).queryByRole('button', { name: '合成完整歌曲' })).not.toBeInTheDocument();
  });
});

describe('合成完整歌曲: the confirm dialog', () => {
  it('explains that it is free; 取消 sends nothing', async () => {
    serveWorks([extension(), original()]);
    const bodies = serveCreate();
    await openWorks();
    await userEvent.click(within(await card('续写的歌')).getByRole('button', { name: '合成完整歌曲' }));
    const dialog = await screen.findByRole('dialog', { name: '合成完整歌曲' });
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('不消耗积分'));
    expect(within(dialog).getByText(/原曲.*完整的歌曲/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '合成完整歌曲' })).not.toBeInTheDocument());
    expect(bodies).toHaveLength(0);
  });

  it('开始合成 posts {action: concat, audio_id}, disabled while pending, then toasts, closes and reloads the works', async () => {
    const backend = serveWorks([extension(), original()]);
    const joined = userSong('j', {
      title: '续写的歌',
      origin: 'concat',
      source_id: 'e',
      complete: 0,
      progress_started_at: new Date().toISOString(),
    });
    const bodies = serveCreate(async () => {
      await delay(150);
      backend.pages.set(1, [joined, extension(), original()]);
      backend.count = 3;
      return ok({ taskId: 't1', songIds: ['j'] }, '任务提交成功，扣除积分：0');
    });
    await openWorks();
    await userEvent.click(within(await card('续写的歌')).getByRole('button', { name: '合成完整歌曲' }));
    const dialog = await screen.findByRole('dialog', { name: '合成完整歌曲' });
    const listsBefore = backend.listRequests.length;
    await userEvent.click(within(dialog).getByRole('button', { name: '开始合成' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '开始合成' })).toBeDisabled());
    await expectToast('任务提交成功，扣除积分：0');
    expect(bodies).toEqual([{ action: 'concat', audio_id: 'e' }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '合成完整歌曲' })).not.toBeInTheDocument());
    await waitFor(() => expect(backend.listRequests.length).toBeGreaterThan(listsBefore));
    // The joined song is listed as generating, labelled 完整版.
    await waitFor(() => expect(screen.getAllByRole('article', { name: '续写的歌' })).toHaveLength(2));
    const [newest] = screen.getAllByRole('article', { name: '续写的歌' });
    expect(within(newest!).getByText(/^生成中 /)).toBeInTheDocument();
    expect(within(newest!).getByText('完整版')).toBeInTheDocument();
  });

  it('a refusal shows the server message and keeps the dialog open', async () => {
    serveWorks([extension(), original()]);
    const bodies = serveCreate(() => fail(4000, '只有续写的作品可以合成完整歌曲'));
    await openWorks();
    await userEvent.click(within(await card('续写的歌')).getByRole('button', { name: '合成完整歌曲' }));
    const dialog = await screen.findByRole('dialog', { name: '合成完整歌曲' });
    await userEvent.click(within(dialog).getByRole('button', { name: '开始合成' }));
    await expectToast('只有续写的作品可以合成完整歌曲');
    expect(bodies).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: '合成完整歌曲' })).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '开始合成' })).toBeEnabled());
    expect(toastTexts().some((t) => t.includes('任务提交成功'))).toBe(false);
  });

  it('too many tasks (4290): the server sentence', async () => {
    serveWorks([extension(), original()]);
    serveCreate(() => fail(4290, '同时生成的任务已达上限，请稍后再试'));
    await openWorks();
    await userEvent.click(within(await card('续写的歌')).getByRole('button', { name: '合成完整歌曲' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: '合成完整歌曲' })).getByRole('button', { name: '开始合成' }),
    );
    await expectToast('同时生成的任务已达上限，请稍后再试');
  });
});

describe('lineage labels', () => {
  it('续写作品 on extensions (even while generating), 完整版 on joined songs, nothing on other songs', async () => {
    serveWorks(
      [
        extension(),
        userSong('g', {
          title: '生成中的续写',
          origin: 'extend',
          source_id: 'o',
          complete: 0,
          progress_started_at: new Date().toISOString(),
        }),
        userSong('c', { title: '合成的歌', origin: 'concat', source_id: 'e' }),
        original(),
        userSong('old', { title: '旧服务器的歌' }),
      ],
      { generating: [1] },
    );
    await openWorks();
    expect(within(await card('续写的歌')).getByText('续写作品')).toBeInTheDocument();
    expect(within(await card('生成中的续写')).getByText('续写作品')).toBeInTheDocument();
    expect(within(await card('合成的歌')).getByText('完整版')).toBeInTheDocument();
    for (const name of ['原曲', '旧服务器的歌']) {
      const c = await card(name);
      expect(within(c).queryByText('续写作品')).not.toBeInTheDocument();
      expect(within(c).queryByText('完整版')).not.toBeInTheDocument();
    }
  });
});
