import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PageTitle } from '../../../components/PageTitle';
import { zh } from '../../../strings/zh-CN';

/** The info pages' frame: a larger layout above 768 px (md), and the copyright footer. */
export function InfoLayout({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
      <Box
        sx={{
          width: '100%',
          maxWidth: { xs: 720, md: 960 },
          mx: 'auto',
          px: { xs: 2, sm: 3, md: 5 },
          py: { xs: 3, md: 6 },
          flex: 1,
          minWidth: 0,
          fontSize: { md: '1.05rem' },
          '& h1': { fontSize: { md: '2.25rem' } },
        }}
      >
        <PageTitle title={title} />
        {lead ? (
          <Typography sx={{ color: 'text.secondary', fontSize: { xs: '1rem', md: '1.15rem' }, lineHeight: 1.9, mb: { xs: 3, md: 4 } }}>
            {lead}
          </Typography>
        ) : null}
        {children}
      </Box>
      <Box
        component="footer"
        sx={{ borderTop: 1, borderColor: 'divider', py: 3, textAlign: 'center', color: 'text.secondary' }}
      >
        <Typography variant="body2">{zh.app.copyright}</Typography>
      </Box>
    </Box>
  );
}
