import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../lib/session';
import { profile } from '../../testing/fixtures';
import { fail, ok } from '../../testing/handlers';
import { renderApp } from '../../testing/render';
import { server } from '../../testing/server';

/** The profile on the server: 20 points until a code is redeemed. */
function account() {
  const state = { user: profile({ integral: 20, membershipLevel: 0 }), redeemed: [] as unknown[] };
  server.use(http.get('*/user/select', () => ok(state.user)));
  return state;
}

async function openRedeem() {
  window.localStorage.setItem(TOKEN_KEY, 'tok');
  renderApp('/profile');
  await userEvent.click(await screen.findByRole('button', { name: '兑换码' }));
  return screen.findByRole('dialog', { name: '兑换码' });
}

function pointsShown(): string {
  return screen.getByText('积分', { selector: 'dt' }).nextElementSibling?.textContent ?? '';
}

describe('redeem dialog', () => {
  it('asks for a code when empty and sends nothing', async () => {
    const state = account();
    server.use(
      http.post('*/user/redeem', async ({ request }) => {
        state.redeemed.push(await request.json());
        return ok({ integral: 120, membershipLevel: 0, expirationTime: null });
      }),
    );
    const dialog = await openRedeem();
    await userEvent.type(within(dialog).getByRole('textbox', { name: '兑换码' }), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: '兑换' }));
    expect(await within(dialog).findByText('请输入兑换码')).toBeInTheDocument();
    expect(state.redeemed).toHaveLength(0);
  });

  it('redeems: says 兑换成功，当前积分 120, closes and refreshes the profile', async () => {
    const state = account();
    server.use(
      http.post('*/user/redeem', async ({ request }) => {
        state.redeemed.push(await request.json());
        state.user = { ...state.user, integral: 120, membershipLevel: 1, expirationTime: '2024-10-02' };
        return ok({ integral: 120, membershipLevel: 1, expirationTime: '2024-10-02' });
      }),
    );
    const dialog = await openRedeem();
    expect(pointsShown()).toBe('20');
    await userEvent.type(within(dialog).getByRole('textbox', { name: '兑换码' }), ' GEQU-2024-ABCD ');
    await userEvent.click(within(dialog).getByRole('button', { name: '兑换' }));
    expect(await screen.findByText('兑换成功，当前积分 120')).toBeInTheDocument();
    expect(state.redeemed).toEqual([{ code: 'GEQU-2024-ABCD' }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '兑换码' })).not.toBeInTheDocument());
    expect(pointsShown()).toBe('120');
    expect(screen.getByText('会员等级', { selector: 'dt' }).nextElementSibling).toHaveTextContent('体验会员');
    expect(screen.getByText('会员有效期', { selector: 'dt' }).nextElementSibling).toHaveTextContent('2024-10-02');
  });

  it('shows the server message 兑换码无效 and keeps the dialog open', async () => {
    account();
    server.use(http.post('*/user/redeem', () => fail(4000, '兑换码无效')));
    const dialog = await openRedeem();
    await userEvent.type(within(dialog).getByRole('textbox', { name: '兑换码' }), 'NOPE{Enter}');
    expect(await screen.findByText('兑换码无效')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: '兑换码' })).toBeInTheDocument();
    expect(pointsShown()).toBe('20');
  });

  it('opens the login dialog when the session was revoked (4010)', async () => {
    account();
    server.use(http.post('*/user/redeem', () => fail(4010, '请先登录')));
    const dialog = await openRedeem();
    await userEvent.type(within(dialog).getByRole('textbox', { name: '兑换码' }), 'CODE');
    await userEvent.click(within(dialog).getByRole('button', { name: '兑换' }));
    expect(await screen.findByRole('dialog', { name: '登录' })).toBeInTheDocument();
  });
});
