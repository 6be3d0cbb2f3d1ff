import { useId } from 'react';
import { Modal } from './Modal';

/**
 * A question with two answers (取消 / a confirming button) as a modal <dialog>, drawn by ui.css as MUI's Dialog looks
 * in the theme: the browser keeps focus inside it, makes the page behind inert, focuses the confirming button and
 * closes it with Esc (as 取消 does). It is mounted only while open, so a closed one is not in the page at all.
 */
export function ConfirmDialog({
  title,
  text,
  cancelLabel,
  confirmLabel,
  onCancel,
  onConfirm,
  danger = false,
  busy = false,
}: {
  title: string;
  text: string;
  cancelLabel: string;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
  /** The confirming button in the error colour (a deletion). */
  danger?: boolean;
  /** A request is under way: the confirming button is disabled. */
  busy?: boolean;
}) {
  const titleId = useId();
  const textId = useId();
  return (
    <Modal open onClose={onCancel} labelledBy={titleId} describedBy={textId}>
      <h2 id={titleId} className="gq-dialog-title">
        {title}
      </h2>
      <p id={textId} className="gq-dialog-text">
        {text}
      </p>
      <div className="gq-dialog-actions">
        <button type="button" className="gq-button gq-button-text" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className={danger ? 'gq-button gq-button-contained gq-button-danger' : 'gq-button gq-button-contained'}
          onClick={onConfirm}
          disabled={busy}
          data-autofocus
        >
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
