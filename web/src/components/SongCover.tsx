import MusicNoteIcon from 'icon:MusicNote';
import { useState } from 'react';

/** MUI's spacing unit: `radius` is in units of 8 px, as before the list left MUI. */
const RADIUS_UNIT = 8;

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
    <div className="gq-cover" style={{ width, height, borderRadius: radius * RADIUS_UNIT }}>
      {showImage ? (
        <img
          src={src}
          alt=""
          // The intrinsic size, so the browser knows the box before the image arrives.
          width={typeof width === 'number' ? width : undefined}
          height={typeof height === 'number' ? height : undefined}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          onError={() => setBroken(true)}
        />
      ) : (
        <MusicNoteIcon />
      )}
    </div>
  );
}
