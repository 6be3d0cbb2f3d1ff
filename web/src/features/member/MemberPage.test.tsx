import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ok } from '../../testing/handlers';
import { renderApp } from '../../testing/render';
import { server } from '../../testing/server';
import type { Plan } from './api/usePlans';
import { planSongs, pricePerSong } from './plan-text';

const PLANS: Plan[] = [
  {
    id: 2,
    name: '体验日卡',
    price: 1,
    integral: 20,
    termOfValidity: '1天',
    integralGenerate: 2,
    describe1: '可生成4首歌曲',
    describe2: '普通通道，永久云端存储',
    activity: false,
    originalPrice: null,
    level: 1,
  },
  {
    id: 7,
    name: '超级PLUS永久卡',
    price: 368,
    integral: 18000,
    termOfValidity: '永久',
    integralGenerate: 10,
    describe1: '可生成3600首歌曲',
    describe2: '会员专属通道，永久云端存储',
    activity: true,
    originalPrice: 528,
    level: 6,
  },
];

describe('plan text', () => {
  it('computes songs = points / 10 × 2 and the price per song', () => {
    expect(planSongs({ integral: 20 })).toBe(4);
    expect(pricePerSong({ integral: 20, price: 1 })).toBe('0.25');
    expect(planSongs({ integral: 18000 })).toBe(3600);
    expect(pricePerSong({ integral: 18000, price: 368 })).toBe('0.10');
    expect(pricePerSong({ integral: 0, price: 5 })).toBe('');
  });
});

describe('member page', () => {
  it('shows a card per plan from /pay/plans, with plan 7’s struck price and countdown', async () => {
    server.use(http.get('*/pay/plans', () => ok(PLANS)));
    renderApp('/member');
    const trial = await screen.findByRole('article', { name: '体验日卡' });
    expect(trial).toHaveTextContent('¥1');
    expect(trial).toHaveTextContent('20 积分');
    expect(trial).toHaveTextContent('可生成4首歌曲');
    expect(trial).toHaveTextContent('每首约 ¥0.25');
    expect(trial).toHaveTextContent('有效期 1天');
    expect(trial).toHaveTextContent('同时生成 2 个任务');
    expect(trial).toHaveTextContent('普通通道，永久云端存储');

    const plus = screen.getByRole('article', { name: '超级PLUS永久卡' });
    expect(plus).toHaveTextContent('限时优惠');
    expect(within(plus).getByText('¥528').tagName).toBe('DEL');
    expect(plus).toHaveTextContent(/距结束 \d\d:\d\d:\d\d/);
    expect(plus).toHaveTextContent('会员专属通道');
  });

  it('asks visitors to log in before buying', async () => {
    server.use(http.get('*/pay/plans', () => ok(PLANS)));
    renderApp('/member');
    const trial = await screen.findByRole('article', { name: '体验日卡' });
    await userEvent.click(within(trial).getByRole('button', { name: '登录后开通' }));
    expect(await screen.findByRole('dialog', { name: '登录' })).toBeInTheDocument();
  });

  it('shows the rights summary', async () => {
    renderApp('/member');
    const rights = await screen.findByRole('region', { name: '权益说明' });
    expect(rights).toHaveTextContent('取消订阅');
    expect(rights).toHaveTextContent('WAV 无损音频');
  });
});
