import { zh } from '../../strings/zh-CN';
import { NavMenu } from './NavMenu';
import { useModalDialog } from '../../ui/use-modal';

/**
 * The menu as a drawer below 1280 px: a modal <dialog> (the browser keeps focus inside it, makes the page behind inert,
 * closes it with Esc and gives focus back to the menu button). A click on the dimmed page beside it closes it too.
 */
export function MenuDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ref = useModalDialog(open);
  return (
    <dialog
      ref={ref}
      className="gq-drawer"
      aria-label={zh.nav.mainMenu}
      onClose={onClose}
      onClick={(event) => {
        // A click on the dialog element itself (not its content) is a click on the backdrop.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open ? <NavMenu onNavigate={onClose} /> : null}
    </dialog>
  );
}
