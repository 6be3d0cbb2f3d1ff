import { describe, expect, it } from 'vitest';
import { attachToaster, showToast, type Toast } from './toast';

describe('toast hand-over', () => {
  it('queues toasts until the toaster attaches, then shows them in order, and later ones at once', () => {
    showToast({ message: '一', variant: 'info' });
    showToast({ message: '二', variant: 'error' });
    const shown: Toast[] = [];
    const detach = attachToaster((t) => shown.push(t));
    expect(shown.map((t) => t.message)).toEqual(['一', '二']);
    showToast({ message: '三', variant: 'success' });
    expect(shown.map((t) => t.message)).toEqual(['一', '二', '三']);
    detach();
    showToast({ message: '四', variant: 'info' });
    expect(shown).toHaveLength(3);
    const again: Toast[] = [];
    attachToaster((t) => again.push(t))();
    expect(again.map((t) => t.message)).toEqual(['四']);
  });
});
