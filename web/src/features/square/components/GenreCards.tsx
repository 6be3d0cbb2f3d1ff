import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useIdleReady } from '../../../lib/deferred';
import { HOME_GENRES } from '../genres';
import { musicListHref } from '../links';

const gridSx = {
  listStyle: 'none',
  m: 0,
  p: 0,
  display: 'grid',
  gap: { xs: 1, sm: 1.5 },
  gridTemplateColumns: { xs: 'repeat(4, minmax(0, 1fr))', lg: 'repeat(8, minmax(0, 1fr))' },
} as const;

/**
 * The eight genre cards, each opening /musicList for its genre. They render after the page's first task (lib/deferred.tsx);
 * until then empty cells of the same grid keep their room.
 */
export function GenreCards() {
  const ready = useIdleReady();
  if (!ready)
    return (
      <Box component="ul" aria-hidden sx={gridSx}>
        {HOME_GENRES.map((genre) => (
          <li key={genre.keyword} style={{ aspectRatio: '4 / 3' }} />
        ))}
      </Box>
    );
  return (
    <Box component="ul" sx={gridSx}>
      {HOME_GENRES.map((genre) => (
        <li key={genre.keyword}>
          <ButtonBase
            component={RouterLink}
            to={musicListHref(genre.label, genre.keyword)}
            focusRipple
            sx={{
              width: '100%',
              aspectRatio: '4 / 3',
              borderRadius: 2,
              color: '#fff',
              background: `linear-gradient(135deg, ${genre.colors[0]} 0%, ${genre.colors[1]} 100%)`,
              boxShadow: 1,
              transition: 'transform .15s ease',
              '&:hover': { transform: 'translateY(-2px)' },
            }}
          >
            <Typography component="span" sx={{ fontWeight: 700, fontSize: { xs: '0.95rem', sm: '1.1rem' } }}>
              {genre.label}
            </Typography>
          </ButtonBase>
        </li>
      ))}
    </Box>
  );
}
