import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setPrefersDark, setViewportWidth } from '../testing/match-media';
import { renderApp } from '../testing/render';
import { MODE_STORAGE_KEY } from './tokens';

async function toggle() {
  return screen.findByRole('button', { name: /^切换主题/ });
}

describe('theme toggle', () => {
  it('follows the system preference until the user chooses', async () => {
    setPrefersDark(true);
    setViewportWidth(1440);
    renderApp('/about');
    expect(await toggle()).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));
    expect([null, 'system']).toContain(window.localStorage.getItem(MODE_STORAGE_KEY));
  });

  it('switches light → dark, remembers the choice in localStorage, and keeps it on the next visit', async () => {
    setViewportWidth(1440);
    const first = renderApp('/about');
    const button = await toggle();
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(document.documentElement).toHaveClass('light'));

    await userEvent.click(button);
    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));
    expect(await toggle()).toHaveAttribute('aria-pressed', 'true');
    expect(window.localStorage.getItem(MODE_STORAGE_KEY)).toBe('dark');
    first.unmount();

    // A later visit with a light system preference still uses the stored choice.
    document.documentElement.className = '';
    renderApp('/about');
    expect(await toggle()).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));

    await userEvent.click(await toggle());
    await waitFor(() => expect(window.localStorage.getItem(MODE_STORAGE_KEY)).toBe('light'));
    expect(document.documentElement).toHaveClass('light');
  });

  it('is in the drawer below 1280 px', async () => {
    setViewportWidth(768);
    renderApp('/about');
    await userEvent.click(await screen.findByRole('button', { name: '打开菜单' }));
    await userEvent.click(await toggle());
    await waitFor(() => expect(window.localStorage.getItem(MODE_STORAGE_KEY)).toBe('dark'));
  });
});
