import HeadphonesIcon from '@mui/icons-material/Headphones';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { encodeBase64 } from '../lib/base64';
import { formatCount, TITLE_MAX, truncate } from '../lib/format';
import { displayTags } from '../lib/genres';
import type { SongListItem } from '../lib/types';
import { zh } from '../strings/zh-CN';
import { SongCover } from './SongCover';

/** Player address of one song (SPEC.md §2: id is base64 of the song id). */
export function playerHref(songId: string): string {
  return `/musicPlayer?${new URLSearchParams({ id: encodeBase64(songId) }).toString()}`;
}

/** Songs as rows: 88×66 thumbnail, title, Chinese genres and counts; a row opens the player. */
export function SongList({ songs, showCounts = true }: { songs: readonly SongListItem[]; showCounts?: boolean }) {
  return (
    <List disablePadding>
      {songs.map((song) => {
        const tags = displayTags(song.tags).join(' · ');
        return (
          <ListItem key={song.native_id} disablePadding>
            <ListItemButton
              component={RouterLink}
              to={playerHref(song.native_id)}
              sx={{ gap: 2, borderRadius: 2, py: 1, minWidth: 0 }}
            >
              <SongCover src={song.native_image_url} width={88} height={66} />
              <Stack sx={{ minWidth: 0, flex: 1 }}>
                <Typography variant="subtitle1" component="span" noWrap title={song.title} sx={{ fontWeight: 600 }}>
                  {truncate(song.title, TITLE_MAX)}
                </Typography>
                {tags ? (
                  <Typography variant="body2" component="span" noWrap sx={{ color: 'text.secondary' }}>
                    {tags}
                  </Typography>
                ) : null}
                {showCounts ? (
                  <Stack direction="row" sx={{ gap: 2, color: 'text.secondary', mt: 0.25 }}>
                    <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
                      <HeadphonesIcon sx={{ fontSize: 16 }} titleAccess={zh.square.playsLabel} />
                      <Typography variant="caption">{formatCount(song.play_count)}</Typography>
                    </Stack>
                    <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
                      <FavoriteBorderIcon sx={{ fontSize: 16 }} titleAccess={zh.square.likesLabel} />
                      <Typography variant="caption">{formatCount(song.likeCount)}</Typography>
                    </Stack>
                  </Stack>
                ) : null}
              </Stack>
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}
