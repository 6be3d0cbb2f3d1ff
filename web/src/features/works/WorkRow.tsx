import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { SongCover } from '../../components/SongCover';
import { playerHref } from '../../components/SongList';
import { formatDate } from '../../lib/date';
import { CARD_TITLE_MAX, formatCount, truncate } from '../../lib/format';
import { displayTags } from '../../lib/genres';
import { progressSince } from '../../lib/progress';
import type { UserSong } from '../../lib/types';
import { zh } from '../../strings/zh-CN';

/** One of the user's songs with its state (SPEC.md §4): generating with progress, failed, or done (opens the player). */
export function WorkRow({ song, now }: { song: UserSong; now: number }) {
  const tags = displayTags(song.tags).join(' · ');
  const meta = (
    <Typography variant="caption" sx={{ color: 'text.secondary' }}>
      {[formatDate(song.created_at), song.open === 1 ? zh.works.public : zh.works.private].filter(Boolean).join(' · ')}
    </Typography>
  );

  if (song.complete === -1) {
    return (
      <ListItem sx={{ gap: 2, alignItems: 'flex-start' }}>
        <Box sx={{ width: 88, height: 66, borderRadius: 1.5, display: 'grid', placeItems: 'center', bgcolor: 'action.hover', flexShrink: 0 }}>
          <ErrorOutlineIcon color="error" aria-hidden />
        </Box>
        <Stack sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }}>{zh.works.failedTitle}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {zh.works.failedSubtitle}
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {zh.works.failedText}
          </Typography>
        </Stack>
      </ListItem>
    );
  }

  if (song.complete === 0) {
    return (
      <ListItem sx={{ gap: 2 }}>
        <Box sx={{ width: 88, height: 66, borderRadius: 1.5, display: 'grid', placeItems: 'center', bgcolor: 'action.hover', flexShrink: 0 }}>
          <CircularProgress size={24} aria-hidden />
        </Box>
        <Stack sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }} noWrap title={song.title}>
            {truncate(song.title, CARD_TITLE_MAX)}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {zh.works.generatingProgress(progressSince(song.progress_started_at, now))}
          </Typography>
          {meta}
        </Stack>
      </ListItem>
    );
  }

  return (
    <ListItem disablePadding>
      <ListItemButton component={RouterLink} to={playerHref(song.native_id)} sx={{ gap: 2, borderRadius: 2 }}>
        <SongCover src={song.native_image_url} width={88} height={66} />
        <Stack sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }} noWrap title={song.title}>
            {truncate(song.title, CARD_TITLE_MAX)}
          </Typography>
          {tags ? (
            <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
              {tags}
            </Typography>
          ) : null}
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {zh.works.counts(formatCount(song.play_count), formatCount(song.likeCount))}
          </Typography>
          {meta}
        </Stack>
      </ListItemButton>
    </ListItem>
  );
}
