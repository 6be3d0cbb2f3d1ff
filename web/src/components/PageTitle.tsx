import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { zh } from '../strings/zh-CN';

/** The page's main heading (one h1 per page) and the document title, with an optional subtitle and actions. */
export function PageTitle({ title, subtitle, actions }: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <>
      {/* React 19 hoists <title> into <head>. */}
      <title>{zh.app.documentTitle(title)}</title>
    <Stack
      direction="row"
      sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: { xs: 2, lg: 3 } }}
    >
      <div>
        <Typography variant="h1" component="h1">
          {title}
        </Typography>
        {subtitle ? (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {subtitle}
          </Typography>
        ) : null}
      </div>
      {actions}
    </Stack>
    </>
  );
}
