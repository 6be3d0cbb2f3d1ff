import MusicNoteIcon from '@mui/icons-material/MusicNote';
import Box from '@mui/material/Box';
import { useState } from 'react';

/**
 * A song's cover image at a fixed size, with a gradient and a note while there is no image or it fails to load. Covers
 * load lazily, except `priority` ones (the first few of a list that opens a page, which may be its largest paint): those
 * load at once, ahead of other images.
 */
export function SongCover({
  src,
  width,
  height,
  radius = 1,
  priority = false,
}: {
  src?: string | null;
  width: number | string;
  height: number | string;
  radius?: number;
  priority?: boolean;
}) {
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
          // The intrinsic size, so the browser knows the box before the image arrives.
          width={typeof width === 'number' ? width : undefined}
          height={typeof height === 'number' ? height : undefined}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          onError={() => setBroken(true)}
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      ) : (
        <MusicNoteIcon aria-hidden />
      )}
    </Box>
  );
}
