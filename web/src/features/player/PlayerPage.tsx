import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { SongCover } from '../../components/SongCover';
import { StatusState } from '../../components/StatusState';
import { decodeBase64 } from '../../lib/base64';
import { formatDuration } from '../../lib/format';
import { displayTags } from '../../lib/genres';
import { zh } from '../../strings/zh-CN';
import { useSongDetail } from './api/useSongDetail';

/** The song ids of the address: ids (a base64 comma list, a playlist) or id (base64 of one id). */
export function playerIds(params: URLSearchParams): string[] {
  const list = decodeBase64(params.get('ids'));
  if (list) {
    const ids = list.split(',').map((s) => s.trim()).filter(Boolean);
    if (ids.length > 0) return ids;
  }
  const one = decodeBase64(params.get('id'))?.trim();
  return one ? [one] : [];
}

/**
 * /musicPlayer: the song's cover (280 px) with title and artist, its genres in Chinese and the lyric panel.
 * The audio controls join this page with the global player.
 */
export default function PlayerPage() {
  const [params] = useSearchParams();
  const ids = playerIds(params);
  const currentId = ids[0] ?? null;
  const detail = useSongDetail(currentId);
  const song = detail.data ?? null;

  let songTitle: string = zh.player.loading;
  if (!currentId) songTitle = '';
  else if (detail.isError) songTitle = zh.player.loadFailed;
  else if (detail.isSuccess && !song) songTitle = zh.player.offShelf;
  else if (song) songTitle = song.title;

  const tags = song ? displayTags(song.tags) : [];

  return (
    <PageContainer maxWidth={880}>
      <PageTitle title={zh.player.title} />
      {!currentId ? (
        <StatusState kind="empty" text={zh.player.noSong} />
      ) : (
        <Stack sx={{ gap: 2 }}>
          <Box sx={{ position: 'relative', height: 280, borderRadius: 2, overflow: 'hidden' }}>
            <SongCover src={song?.imageUrl} width="100%" height={280} radius={0} />
            <Box
              sx={{
                position: 'absolute',
                inset: 0,
                display: 'flex',
                flexDirection: 'column',
                justifyContent: 'flex-end',
                p: 3,
                color: '#fff',
                background: 'linear-gradient(to top, rgba(0,0,0,.6), rgba(0,0,0,0) 60%)',
              }}
              aria-hidden
            >
              <Typography sx={{ fontSize: '1.5rem', fontWeight: 700 }} noWrap>
                {songTitle}
              </Typography>
              {song ? <Typography sx={{ opacity: 0.9 }}>{song.userName}</Typography> : null}
            </Box>
          </Box>
          {detail.isSuccess && !song ? <Alert severity="warning">{zh.errors.songHidden}</Alert> : null}
          {detail.isError ? <Alert severity="error">{zh.errors.songInfoFailed}</Alert> : null}
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h2" component="h2">
              {songTitle}
            </Typography>
            {song ? (
              <>
                <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>
                  {zh.player.artist}：{song.userName}
                  {song.duration ? ` · ${formatDuration(song.duration)}` : ''}
                </Typography>
                {tags.length > 0 ? (
                  <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
                    {tags.map((tag, i) => (
                      <Chip key={`${i}-${tag}`} label={tag} size="small" />
                    ))}
                  </Stack>
                ) : null}
              </>
            ) : null}
          </Paper>
          {song ? (
            <Accordion disableGutters variant="outlined">
              <AccordionSummary expandIcon={<ExpandMoreIcon />}>
                <Typography component="span" sx={{ fontWeight: 600 }}>
                  {zh.player.lyrics}
                </Typography>
              </AccordionSummary>
              <AccordionDetails>
                <Typography component="div" sx={{ whiteSpace: 'pre-wrap', lineHeight: 2 }}>
                  {song.lyric?.trim() ? song.lyric : zh.player.noLyrics}
                </Typography>
              </AccordionDetails>
            </Accordion>
          ) : null}
        </Stack>
      )}
    </PageContainer>
  );
}
