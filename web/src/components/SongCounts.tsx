import FavoriteBorderIcon from 'icon:FavoriteBorder';
import HeadphonesIcon from 'icon:Headphones';
import { formatCount } from '../lib/format';
import { zh } from '../strings/zh-CN';

/**
 * A song's plays and likes as small icons with numbers (the icons are named 播放次数 / 点赞数 for screen readers), as
 * the public lists (SongList) and the user's own cards (WorkCard) show them; `dense` is the cards' smaller size.
 */
export function SongCounts({ plays, likes, dense = false }: { plays: number; likes: number; dense?: boolean }) {
  const size = dense ? 14 : 16;
  return (
    <div className={dense ? 'gq-counts gq-dense' : 'gq-counts'}>
      <span>
        <HeadphonesIcon size={size} title={zh.square.playsLabel} />
        <span className="gq-caption">{formatCount(plays)}</span>
      </span>
      <span>
        <FavoriteBorderIcon size={size} title={zh.square.likesLabel} />
        <span className="gq-caption">{formatCount(likes)}</span>
      </span>
    </div>
  );
}
