import WorkspacePremiumIcon from 'icon:WorkspacePremium';
import { zh } from '../strings/zh-CN';

const SIZES = { small: 20, medium: 24, inherit: 'inherit' } as const;

/** The crown shown for membership level 1 or more. */
export function CrownIcon({ fontSize = 'small' }: { fontSize?: 'small' | 'medium' | 'inherit' }) {
  return <WorkspacePremiumIcon className="gq-crown" size={SIZES[fontSize]} title={zh.user.crown} />;
}
