import CircularProgress from '@mui/material/CircularProgress';

/** The loading states' MUI CircularProgress (StatusState loads it as a part of its own). */
export default function Spinner({ size }: { size: number }) {
  return <CircularProgress size={size} aria-hidden />;
}
