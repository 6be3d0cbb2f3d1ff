import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useModalDialog } from './use-modal';

/**
 * A modal <dialog> (ui.css, .gq-dialog: MUI's Dialog as the theme draws it), named by the element `labelledBy` points
 * at. Esc and a click on the dimmed page beside it call `onClose`; the owner decides whether it closes. Its content is
 * mounted only while it is open. `size` is MUI's maxWidth: xs (444 px), sm (600 px) or md (900 px, where the
 * content scrolls between a fixed title and fixed actions); `fullScreenOnPhone` fills a screen narrower than 600 px.
 *
 * It is rendered at the end of <body>, outside the app's root, and in the top layer: the login dialog can open over
 * another dialog (an expired session), and stays above it.
 */
export function Modal({
  open,
  onClose,
  labelledBy,
  describedBy,
  size = 'xs',
  fullScreenOnPhone = false,
  children,
}: {
  open: boolean;
  /** Esc or a click beside it (the owner decides whether it closes). */
  onClose: (reason: 'escape' | 'backdrop') => void;
  labelledBy: string;
  describedBy?: string;
  size?: 'xs' | 'sm' | 'md';
  fullScreenOnPhone?: boolean;
  children: ReactNode;
}) {
  const ref = useModalDialog(open);
  let className = size === 'xs' ? 'gq-dialog' : `gq-dialog gq-dialog-${size}`;
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
        onClose('escape');
      }}
      onClick={(event) => {
        // A click on the dialog element itself (not its content) is a click on the backdrop.
        if (event.target === event.currentTarget) onClose('backdrop');
      }}
    >
      {open ? <div className="gq-dialog-body">{children}</div> : null}
    </dialog>,
    document.body,
  );
}
