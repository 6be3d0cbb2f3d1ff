import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ok } from '../../testing/handlers';
import { renderApp } from '../../testing/render';
import { server } from '../../testing/server';

/** Signed in as the buyer: a token and a profile. */
function signIn() {
  window.localStorage.setItem('Authorization', 'tok');
  server.use(
    http.get('*/user/select', () =>
      ok({ id: 'u1', nickname: '小明', integral: 100, avatarUrl: null, membershipLevel: 0, phone: '138****0000' }),
    ),
  );
}

describe('payment result page', () => {
  it('waits with a countdown while the order is pending', async () => {
    signIn();
    server.use(http.get('*/pay/resultTaskId', () => ok(0)));
    renderApp('/payment?taskId=T1');
    expect(await screen.findByText('正在确认支付结果，请稍候……')).toBeInTheDocument();
    expect(screen.getByText(/剩余 \d+ 秒/)).toBeInTheDocument();
  });

  it('shows success for result 1 and offers the way home', async () => {
    signIn();
    let taskId: string | null = null;
    server.use(
      http.get('*/pay/resultTaskId', ({ request }) => {
        taskId = new URL(request.url).searchParams.get('taskId');
        return ok(1);
      }),
    );
    renderApp('/payment?taskId=T2');
    expect(await screen.findByText('支付成功！感谢您的支持！')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回首页' })).toBeInTheDocument();
    expect(taskId).toBe('T2');
  });

  it('says 订单不存在 for result -1', async () => {
    signIn();
    server.use(http.get('*/pay/resultTaskId', () => ok(-1)));
    renderApp('/payment?taskId=nope');
    expect(await screen.findByText('订单不存在')).toBeInTheDocument();
  });

  it('asks a visitor to log in and never asks for the result', async () => {
    let asked = 0;
    server.use(
      http.get('*/pay/resultTaskId', () => {
        asked += 1;
        return ok(1);
      }),
    );
    renderApp('/payment?taskId=T3');
    expect(await screen.findByText('登录后即可查看这笔订单的支付结果')).toBeInTheDocument();
    expect(within(screen.getByRole('status')).getByRole('button', { name: '登录' })).toBeInTheDocument();
    expect(asked).toBe(0);
  });
});
