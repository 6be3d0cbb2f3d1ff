import Drawer from '@mui/material/Drawer';
import { zh } from '../../strings/zh-CN';
import { SIDE_MENU_WIDTH } from '../../theme/tokens';
import { NavMenu } from './NavMenu';

const PAPER = {
  sx: { width: SIDE_MENU_WIDTH, maxWidth: '85vw' },
  role: 'dialog',
  'aria-modal': true,
  'aria-label': zh.nav.mainMenu,
};

/**
 * The menu as MUI's Drawer below 1280 px (loaded when first opened, so the modal code stays out of the first load):
 * it keeps focus inside, closes with Esc or a click beside it, and gives focus back to the menu button.
 */
export default function MenuDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer open={open} onClose={onClose} slotProps={{ paper: PAPER }}>
      <NavMenu onNavigate={onClose} />
    </Drawer>
  );
}
