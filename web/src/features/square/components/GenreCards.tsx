import { Link } from 'react-router';
import { useIdleReady } from '../../../lib/deferred';
import { HOME_GENRES } from '../genres';
import { musicListHref } from '../links';

/**
 * The eight genre cards, each opening /musicList for its genre. They render after the page's first task (lib/deferred.tsx);
 * until then empty cells of the same grid keep their room.
 */
export function GenreCards() {
  const ready = useIdleReady();
  if (!ready)
    return (
      <ul className="gq-genres" aria-hidden>
        {HOME_GENRES.map((genre) => (
          <li key={genre.keyword} />
        ))}
      </ul>
    );
  return (
    <ul className="gq-genres">
      {HOME_GENRES.map((genre) => (
        <li key={genre.keyword}>
          <Link
            className="gq-genre"
            to={musicListHref(genre.label, genre.keyword)}
            style={{ background: `linear-gradient(135deg, ${genre.colors[0]} 0%, ${genre.colors[1]} 100%)` }}
          >
            {genre.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
