import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useModalDialog } from './use-modal';

/**
 * A modal <dialog> (ui.css, .gq-dialog: MUI's Dialog as the theme draws it), named by the element `labelledBy` points
 * at. Esc and a click on the dimmed page beside it call `onClose`; the owner decides whether it closes. Its content is
 * mounted only while it is open. `size`: 'sm' is MUI's xs width (444 px), 'md' its md (900 px, the content scrolls
 * between a fixed title and fixed actions); `fullScreenOnPhone` fills a screen narrower than 600 px.
 *
 * It is rendered at the end of <body>, outside the app's root: a MUI dialog that is open hides the body's other
 * children from screen readers (aria-hidden), and the login dialog can open over one (an expired session).
 */
export function Modal({
  open,
  onClose,
  labelledBy,
  describedBy,
  size = 'sm',
  fullScreenOnPhone = false,
  children,
}: {
  open: boolean;
  onClose: () => void;
  labelledBy: string;
  describedBy?: string;
  size?: 'sm' | 'md';
  fullScreenOnPhone?: boolean;
  children: ReactNode;
}) {
  const ref = useModalDialog(open);
  let className = size === 'md' ? 'gq-dialog gq-dialog-md' : 'gq-dialog';
  if (fullScreenOnPhone) className += ' gq-dialog-full-phone';
  return createPortal(
    <dialog
      ref={ref}
      className={className}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      // Esc: the browser would close the element itself; the owner closes it instead.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the dialog element itself (not its content) is a click on the backdrop.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open ? <div className="gq-dialog-body">{children}</div> : null}
    </dialog>,
    document.body,
  );
}
