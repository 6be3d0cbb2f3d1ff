import GraphicEqIcon from '@mui/icons-material/GraphicEq';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { zh } from '../../strings/zh-CN';

/** The logo mark and the name 歌曲, linking home. */
export function Brand({ sx, onClick }: { sx?: SxProps<Theme>; onClick?: () => void }) {
  return (
    <Box
      component={RouterLink}
      to="/"
      onClick={onClick}
      aria-label={zh.nav.brandHome}
      sx={[
        { display: 'inline-flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Box
        aria-hidden
        sx={{
          width: 32,
          height: 32,
          borderRadius: 2,
          display: 'grid',
          placeItems: 'center',
          color: '#fff',
          background: 'linear-gradient(135deg, #7c4dff 0%, #ec407a 100%)',
        }}
      >
        <GraphicEqIcon fontSize="small" />
      </Box>
      <Typography component="span" sx={{ fontWeight: 800, fontSize: '1.25rem', letterSpacing: 2 }}>
        {zh.app.name}
      </Typography>
    </Box>
  );
}
