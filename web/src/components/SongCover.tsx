import MusicNoteIcon from '@mui/icons-material/MusicNote';
import Box from '@mui/material/Box';
import { useState } from 'react';

/** A song's cover image at a fixed size, with a gradient and a note while there is no image or it fails to load. */
export function SongCover({ src, width, height, radius = 1 }: { src?: string | null; width: number | string; height: number | string; radius?: number }) {
  const [broken, setBroken] = useState(false);
  const showImage = !!src && !broken;
  return (
    <Box
      sx={{
        width,
        height,
        flexShrink: 0,
        borderRadius: radius,
        overflow: 'hidden',
        display: 'grid',
        placeItems: 'center',
        background: 'linear-gradient(135deg, #7c4dff 0%, #ec407a 100%)',
        color: '#fff',
      }}
    >
      {showImage ? (
        <Box
          component="img"
          src={src}
          alt=""
          loading="lazy"
          onError={() => setBroken(true)}
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      ) : (
        <MusicNoteIcon aria-hidden />
      )}
    </Box>
  );
}
