import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog';

function open(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
  const onCancel = vi.fn();
  const onConfirm = vi.fn();
  render(
    <ConfirmDialog
      title="确认删除"
      text="删除后无法恢复，是否继续？"
      cancelLabel="取消"
      confirmLabel="确定"
      onCancel={onCancel}
      onConfirm={onConfirm}
      {...props}
    />,
  );
  return { onCancel, onConfirm, dialog: screen.getByRole('dialog', { name: '确认删除' }) };
}

describe('ConfirmDialog', () => {
  it('is a modal MUI dialog named by its title and described by its text, focused on the confirming button', () => {
    const { dialog } = open();
    expect(dialog).toHaveAccessibleDescription('删除后无法恢复，是否继续？');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveClass('MuiDialog-paper');
    expect(screen.getByRole('button', { name: '确定' })).toHaveFocus();
  });

  it('answers with its buttons, Esc and a click beside it', async () => {
    const { dialog, onCancel, onConfirm } = open();
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    // Esc answers 取消; the dialog stays for its owner to unmount.
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(2);
    // A click inside its content is not a click beside it; a click on the backdrop is.
    fireEvent.click(screen.getByText('删除后无法恢复，是否继续？'));
    expect(onCancel).toHaveBeenCalledTimes(2);
    const backdrop = document.querySelector('.MuiBackdrop-root');
    expect(backdrop).not.toBeNull();
    fireEvent.mouseDown(backdrop!);
    fireEvent.click(backdrop!);
    expect(onCancel).toHaveBeenCalledTimes(3);
  });

  it('disables the confirming button while busy', () => {
    open({ busy: true, danger: true });
    expect(screen.getByRole('button', { name: '确定' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '确定' })).toHaveClass('MuiButton-colorError');
  });
});
