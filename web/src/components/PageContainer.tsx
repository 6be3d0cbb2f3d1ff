import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Horizontal padding and a readable maximum width for a page's content. */
export function PageContainer({ children, maxWidth = 1200 }: { children: ReactNode; maxWidth?: number }) {
  return (
    <Box sx={{ width: '100%', maxWidth, mx: 'auto', px: { xs: 2, sm: 3, lg: 4 }, py: { xs: 2, lg: 4 }, minWidth: 0 }}>
      {children}
    </Box>
  );
}
