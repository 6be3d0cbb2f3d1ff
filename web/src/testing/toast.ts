import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The texts of the toasts on screen (notistack renders each as role="alert"). Hidden ones count too: an open modal
 * (dialog, drawer) marks the toast container aria-hidden while the toast is still shown.
 */
export function toastTexts(): string[] {
  return screen.queryAllByRole('alert', { hidden: true }).map((a) => a.textContent ?? '');
}

/** Waits for a toast whose text contains `text`. */
export async function expectToast(text: string): Promise<void> {
  await waitFor(() => expect(toastTexts().some((t) => t.includes(text))).toBe(true));
}
