import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { zh } from '../strings/zh-CN';

/** The crown shown for membership level 1 or more. */
export function CrownIcon({ fontSize = 'small' }: { fontSize?: 'small' | 'medium' | 'inherit' }) {
  return (
    <WorkspacePremiumIcon
      fontSize={fontSize}
      titleAccess={zh.user.crown}
      sx={{ color: '#f5b400', verticalAlign: 'middle' }}
    />
  );
}
