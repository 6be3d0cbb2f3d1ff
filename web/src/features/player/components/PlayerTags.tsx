import Chip from '@mui/material/Chip';
import { displayTags } from '../../../lib/genres';

/**
 * The song's genres in Chinese as MUI Chips (a part of the player page, lib/lazy-part.tsx): with the genre dictionary
 * they are about 7 KB gzip, which the page loads right after its first load rather than in it.
 */
export default function PlayerTags({ tags }: { tags: string }) {
  const shown = displayTags(tags);
  if (shown.length === 0) return null;
  return (
    <ul className="gq-chips">
      {shown.map((tag, i) => (
        <li key={`${i}-${tag}`}>
          <Chip size="small" label={tag} />
        </li>
      ))}
    </ul>
  );
}
