import Paper from '@mui/material/Paper';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { zh } from '../../strings/zh-CN';
import { useNewMusic } from './api/useNewMusic';
import { usePopularMusic } from './api/usePopularMusic';
import { GenreCards } from './components/GenreCards';
import { QuickStart } from './components/QuickStart';
import { SearchBox } from './components/SearchBox';
import { SongSection } from './components/SongSection';
import { musicListHref } from './links';

/** An invitation to create, when the square has no public song yet. */
function EmptySquare() {
  const popular = usePopularMusic();
  const latest = useNewMusic();
  if (!(popular.isSuccess && latest.isSuccess && popular.data.length === 0 && latest.data.length === 0)) return null;
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}
    >
      <Typography>{zh.square.emptySquare}</Typography>
      <Button component={RouterLink} to="/create" variant="contained" size="small">
        {zh.square.goCreate}
      </Button>
    </Paper>
  );
}

function PopularSection() {
  return <SongSection title={zh.square.hotList} query={usePopularMusic()} moreHref={musicListHref(zh.square.hotList, 'fiery')} />;
}

function NewSection() {
  return <SongSection title={zh.square.newSongs} query={useNewMusic()} moreHref={musicListHref(zh.square.newSongs, 'new')} />;
}

/**
 * The music square (/): search, quick start with three prompts, genres, the hot list and the newest songs; an
 * invitation to create when the square has no public song yet. /?id=<base64> (a shared link) opens the player.
 */
export default function HomePage() {
  const [params] = useSearchParams();
  const sharedId = params.get('id');

  // A shared link is the site address plus ?id=<base64 song id>: open that song in the player.
  if (sharedId) return <Navigate to={`/musicPlayer?${new URLSearchParams({ id: sharedId }).toString()}`} replace />;

  // The lists are read by the parts that show them (EmptySquare, the sections), so their answers re-render only those
  // parts, not the whole page: on a slow phone the page's first render is expensive enough to do once.
  return (
    <PageContainer>
      <PageTitle title={zh.square.title} subtitle={zh.square.subtitle} />
      <Stack sx={{ gap: { xs: 2.5, lg: 3 } }}>
        <SearchBox />
        <QuickStart />
        <EmptySquare />
        <Box component="section" aria-labelledby="home-genres">
          <Typography id="home-genres" variant="h2" component="h2" sx={{ mb: 1.5 }}>
            {zh.square.genres}
          </Typography>
          <GenreCards />
        </Box>
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 2, lg: 3 },
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
            alignItems: 'start',
          }}
        >
          <PopularSection />
          <NewSection />
        </Box>
      </Stack>
    </PageContainer>
  );
}
