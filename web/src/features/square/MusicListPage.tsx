import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { SongList } from '../../components/SongList';
import { StatusState } from '../../components/StatusState';
import { ApiError } from '../../lib/api-client';
import { decodeBase64 } from '../../lib/base64';
import { zh } from '../../strings/zh-CN';
import { zhMusicList } from '../../strings/music-list';
import { useSearchMusic } from './api/useSearchMusic';
import { SearchBox } from './components/SearchBox';

/**
 * /musicList?type&keyword&img (all base64): a cover with the list title, then the songs (docs/web.md).
 * Songs are fetched only when img is present. The page starts loading; an empty result or a network failure
 * ends it; other failures leave it loading (the API client has shown the server's message). A row opens the player
 * on the whole list (ids) at that row (index); its button plays the song in place.
 */
export default function MusicListPage() {
  const [params] = useSearchParams();
  const type = decodeBase64(params.get('type')) ?? '';
  const keyword = decodeBase64(params.get('keyword'))?.trim() ?? '';
  const img = decodeBase64(params.get('img')) ?? '';
  const canFetch = img.length > 0 && keyword.length > 0;
  const query = useSearchMusic(keyword, canFetch);

  let body;
  if (!canFetch) body = <StatusState kind="empty" />;
  else if (query.isError) {
    const network = query.error instanceof ApiError && (query.error.kind === 'network' || query.error.kind === 'timeout');
    body = network ? <StatusState kind="error" /> : <StatusState kind="loading" />;
  } else if (query.isPending) body = <StatusState kind="loading" />;
  else if (query.data.length === 0) body = <StatusState kind="empty" />;
  else body = <SongList songs={query.data} />;

  return (
    <PageContainer maxWidth={960}>
      <PageTitle title={zhMusicList.title} />
      <Box sx={{ mb: 2 }}>
        <SearchBox key={keyword} initial={type === zh.square.searchTitle(keyword) ? keyword : ''} />
      </Box>
      {img ? (
        <Box
          sx={{
            position: 'relative',
            borderRadius: 2,
            overflow: 'hidden',
            height: { xs: 160, sm: 220 },
            mb: 2,
            background: 'linear-gradient(135deg, #7c4dff 0%, #ec407a 100%)',
          }}
        >
          <Box
            component="img"
            src={img}
            alt={zhMusicList.cover(type || zhMusicList.title)}
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
          <Box
            sx={{
              position: 'absolute',
              inset: 0,
              display: 'flex',
              alignItems: 'flex-end',
              p: { xs: 2, sm: 3 },
              background: 'linear-gradient(to top, rgba(0,0,0,.55), rgba(0,0,0,0) 65%)',
            }}
          >
            <Typography variant="h2" component="h2" sx={{ color: '#fff', fontSize: { xs: '1.5rem', sm: '2rem' } }}>
              {type}
            </Typography>
          </Box>
        </Box>
      ) : type ? (
        <Typography variant="h2" component="h2" sx={{ mb: 2 }}>
          {type}
        </Typography>
      ) : null}
      <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
        {body}
      </Paper>
    </PageContainer>
  );
}
