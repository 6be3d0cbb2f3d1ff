import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../lib/session';
import { profile } from '../../testing/fixtures';
import { fail, ok } from '../../testing/handlers';
import { setViewportWidth } from '../../testing/match-media';
import { renderApp } from '../../testing/render';
import { server } from '../../testing/server';
import type { IntegralRecord } from './api/useIntegralRecords';

/** A ledger of `total` records, newest first, answered a page at a time; returns the pages asked for. */
function ledger(total: number) {
  const all: IntegralRecord[] = Array.from({ length: total }, (_, i) => {
    const n = total - i; // record n is the n-th oldest
    return n === 1
      ? { integral: 20, type: 1, balance: 20, remark: '注册赠送', createdAt: '2024-09-01T02:03:00Z' }
      : {
          integral: 10,
          type: 2,
          balance: 100 - n,
          remark: `创作扣除 ${n}`,
          createdAt: `2024-09-02T16:${String(n).padStart(2, '0')}:00Z`,
        };
  });
  const asked: { page: string | null; size: string | null }[] = [];
  server.use(
    http.get('*/user/integralRecords', ({ request }) => {
      const url = new URL(request.url);
      const page = Number(url.searchParams.get('page'));
      const size = Number(url.searchParams.get('size'));
      asked.push({ page: url.searchParams.get('page'), size: url.searchParams.get('size') });
      return ok({ items: all.slice((page - 1) * size, page * size), total });
    }),
  );
  return asked;
}

async function openRecords() {
  window.localStorage.setItem(TOKEN_KEY, 'tok');
  server.use(http.get('*/user/select', () => ok(profile())));
  renderApp('/profile');
  await userEvent.click(await screen.findByRole('button', { name: '积分记录' }));
  return screen.findByRole('dialog', { name: '积分记录' });
}

function bodyRows(dialog: HTMLElement) {
  const table = within(dialog).getByRole('table', { name: '积分记录表' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );
}

describe('points-record dialog', () => {
  it('shows the columns, types and Shanghai times, 5 rows a page below 1280 px', async () => {
    setViewportWidth(1024);
    const asked = ledger(7);
    const dialog = await openRecords();
    const table = await within(dialog).findByRole('table', { name: '积分记录表' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['序号', '积分', '类型', '余额', '备注', '时间']);
    expect(bodyRows(dialog)).toEqual([
      ['1', '10', '减少', '93', '创作扣除 7', '2024-09-03 00:07'],
      ['2', '10', '减少', '94', '创作扣除 6', '2024-09-03 00:06'],
      ['3', '10', '减少', '95', '创作扣除 5', '2024-09-03 00:05'],
      ['4', '10', '减少', '96', '创作扣除 4', '2024-09-03 00:04'],
      ['5', '10', '减少', '97', '创作扣除 3', '2024-09-03 00:03'],
    ]);
    expect(asked).toEqual([{ page: '1', size: '5' }]);
    expect(within(dialog).getByText('第 1 条到第 5 条，共 7 条')).toBeInTheDocument();
  });

  it('asks the server for page 2 and numbers its rows on', async () => {
    setViewportWidth(1024);
    const asked = ledger(7);
    const dialog = await openRecords();
    await within(dialog).findByRole('table', { name: '积分记录表' });
    expect(within(dialog).getByRole('button', { name: '上一页' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(bodyRows(dialog)).toHaveLength(2));
    expect(bodyRows(dialog)).toEqual([
      ['6', '10', '减少', '98', '创作扣除 2', '2024-09-03 00:02'],
      ['7', '20', '增加', '20', '注册赠送', '2024-09-01 10:03'],
    ]);
    expect(asked).toEqual([
      { page: '1', size: '5' },
      { page: '2', size: '5' },
    ]);
    expect(within(dialog).getByText('第 6 条到第 7 条，共 7 条')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '下一页' })).toBeDisabled();
  });

  it('shows 10 rows a page at 1280 px and wider', async () => {
    setViewportWidth(1440);
    const asked = ledger(12);
    const dialog = await openRecords();
    await within(dialog).findByRole('table', { name: '积分记录表' });
    expect(bodyRows(dialog)).toHaveLength(10);
    expect(asked).toEqual([{ page: '1', size: '10' }]);
    await userEvent.click(within(dialog).getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(bodyRows(dialog)).toHaveLength(2));
    expect(asked.at(-1)).toEqual({ page: '2', size: '10' });
    expect(bodyRows(dialog)[1][0]).toBe('12');
  });

  it('says 暂无积分记录 when there are none', async () => {
    ledger(0);
    const dialog = await openRecords();
    expect(await within(dialog).findByText('暂无积分记录')).toBeInTheDocument();
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a loading state until the records arrive, and closes with 关闭', async () => {
    server.use(
      http.get('*/user/integralRecords', async () => {
        await delay(300);
        return ok({
          items: [{ integral: 20, type: 1, balance: 20, remark: '注册赠送', createdAt: '2024-09-01T02:03:00Z' }],
          total: 1,
        });
      }),
    );
    const dialog = await openRecords();
    expect(within(dialog).getByRole('status')).toHaveTextContent('加载中');
    expect(await within(dialog).findByText('注册赠送')).toBeInTheDocument();
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '积分记录' })).not.toBeInTheDocument());
  });

  it('opens the login dialog when the session has expired', async () => {
    server.use(http.get('*/user/integralRecords', () => fail(4010, '请先登录')));
    await openRecords();
    expect(await screen.findByRole('dialog', { name: '登录' })).toBeInTheDocument();
  });
});
