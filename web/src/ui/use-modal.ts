import { useEffect, useRef } from 'react';

/**
 * Opens the returned <dialog> as a modal while `open` is true, and closes it when it turns false. A modal <dialog>:
 * the browser keeps focus inside it, makes the page behind inert, and gives focus back where it was when it closes.
 * On opening, the browser focuses the first control inside; an element marked `data-autofocus` (the control the user
 * most likely wants: a dialog's first field, a confirmation's button) is focused instead. (jsdom, which the unit tests
 * run in, has no showModal: there the open attribute alone opens it.)
 */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (dialog.showModal) dialog.showModal();
      else dialog.setAttribute('open', '');
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else if (!open && dialog.open) {
      if (dialog.close) dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);
  return ref;
}
