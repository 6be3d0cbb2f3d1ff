import Box from '@mui/material/Box';
import { zhCreate } from '../../../strings/create';

/** A field's helper line: the error message (if any) on the left, the n/max counter on the right. */
export function FieldHelper({ message, count, max }: { message?: string | null; count: number; max: number }) {
  return (
    <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
      <span>{message ?? ''}</span>
      <Box component="span" sx={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>
        {zhCreate.counter(count, max)}
      </Box>
    </Box>
  );
}
