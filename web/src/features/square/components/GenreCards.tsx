import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { HOME_GENRES } from '../genres';
import { musicListHref } from '../links';

/** The eight genre cards, each opening /musicList for its genre. */
export function GenreCards() {
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: { xs: 1, sm: 1.5 },
        gridTemplateColumns: { xs: 'repeat(4, minmax(0, 1fr))', lg: 'repeat(8, minmax(0, 1fr))' },
      }}
    >
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
