import Drawer from '@mui/material/Drawer';
import { SIDE_MENU_WIDTH } from '../../theme/theme';
import { NavMenu } from './NavMenu';

/** The menu as a drawer below 1280 px (loaded when first opened, so the modal code stays out of the first load). */
export default function MenuDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer open={open} onClose={onClose} slotProps={{ paper: { sx: { width: SIDE_MENU_WIDTH, maxWidth: '85vw' } } }}>
      <NavMenu onNavigate={onClose} />
    </Drawer>
  );
}
