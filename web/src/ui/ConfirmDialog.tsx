import { useId } from 'react';
import { useModalDialog } from './use-modal';

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
  const ref = useModalDialog(true);
  const titleId = useId();
  const textId = useId();
  return (
    <dialog
      ref={ref}
      className="gq-dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      // Esc: the browser would close the element itself; the owner unmounts it instead.
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      onClick={(event) => {
        // A click on the dialog element itself (not its content) is a click on the backdrop.
        if (event.target === event.currentTarget) onCancel();
      }}
    >
      <div className="gq-dialog-body">
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
            autoFocus
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
