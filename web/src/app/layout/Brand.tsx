import GraphicEqIcon from 'icon:GraphicEq';
import { Link } from 'react-router';
import { zh } from '../../strings/zh-CN';

/** The logo mark and the name 歌曲, linking home. */
export function Brand({ onClick }: { onClick?: () => void }) {
  return (
    <Link className="gq-brand-link" to="/" onClick={onClick} aria-label={zh.nav.brandHome}>
      <span className="gq-brand-mark" aria-hidden>
        <GraphicEqIcon size={20} />
      </span>
      <span className="gq-brand-name">{zh.app.name}</span>
    </Link>
  );
}
