import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { Link } from 'react-router';
import { useHydrated } from '../../../lib/hydration';
import { zh } from '../../../strings/zh-CN';
import { useNewMusic } from '../api/useNewMusic';
import { usePopularMusic } from '../api/usePopularMusic';

/** An invitation to create, when the square has no public song yet (not while hydrating: the build's render has none). */
export default function EmptySquare() {
  const popular = usePopularMusic();
  const latest = useNewMusic();
  const hydrated = useHydrated();
  if (!(hydrated && popular.isSuccess && latest.isSuccess && popular.data.length === 0 && latest.data.length === 0))
    return null;
  return (
    <Paper variant="outlined" className="gq-panel gq-empty-square">
      <p>{zh.square.emptySquare}</p>
      <Button component={Link} variant="contained" size="small" to="/create">
        {zh.square.goCreate}
      </Button>
    </Paper>
  );
}
