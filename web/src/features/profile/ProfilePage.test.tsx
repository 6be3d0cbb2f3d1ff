import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { pageReload, TOKEN_KEY } from '../../lib/session';
import { profile } from '../../testing/fixtures';
import { ok } from '../../testing/handlers';
import { renderApp } from '../../testing/render';
import { server } from '../../testing/server';

describe('profile page', () => {
  it('asks visitors to log in', async () => {
    renderApp('/profile');
    expect(await screen.findByText('登录后查看')).toBeInTheDocument();
  });

  it('shows the profile, the level text with a crown, and logs out', async () => {
    window.localStorage.setItem(TOKEN_KEY, 'tok');
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => {});
    let loggedOut = false;
    server.use(
      http.get('*/user/select', () => ok(profile({ nickname: '小红', integral: 470, membershipLevel: 5, expirationTime: '2025-09-01' }))),
      http.post('*/login/logout', () => {
        loggedOut = true;
        return ok(null);
      }),
    );
    renderApp('/profile');
    expect(await screen.findByRole('heading', { level: 2, name: /小红/ })).toBeInTheDocument();
    expect(screen.getAllByText('超级会员').length).toBeGreaterThan(0);
    expect(screen.getByText('2025-09-01')).toBeInTheDocument();
    expect(screen.getByText('138****0000')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '退出登录' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(loggedOut).toBe(true);
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});
