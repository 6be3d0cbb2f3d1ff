import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import HeadphonesIcon from '@mui/icons-material/Headphones';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatCount } from '../lib/format';
import { zh } from '../strings/zh-CN';

/**
 * A song's plays and likes as small icons with numbers (the icons are named 播放次数 / 点赞数 for screen readers), as
 * the public lists (SongList) and the user's own cards (WorkCard) show them; `dense` is the cards' smaller size.
 */
export function SongCounts({ plays, likes, dense = false }: { plays: number; likes: number; dense?: boolean }) {
  const iconSx = { fontSize: dense ? 14 : 16 };
  return (
    <Stack direction="row" sx={{ gap: dense ? 1.5 : 2, color: 'text.secondary', mt: dense ? 0 : 0.25 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
        <HeadphonesIcon sx={iconSx} titleAccess={zh.square.playsLabel} />
        <Typography variant="caption">{formatCount(plays)}</Typography>
      </Stack>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
        <FavoriteBorderIcon sx={iconSx} titleAccess={zh.square.likesLabel} />
        <Typography variant="caption">{formatCount(likes)}</Typography>
      </Stack>
    </Stack>
  );
}
