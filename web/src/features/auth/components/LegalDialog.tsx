import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { lazy, Suspense, useId, useState } from 'react';
import { zh } from '../../../strings/zh-CN';
import { zhAuth } from '../../../strings/auth';
import type { LegalDocument } from '../legal/types';

export type LegalKind = 'agreement' | 'privacy';

function LegalBody({ doc }: { doc: LegalDocument }) {
  return (
    <Box sx={{ '& p': { lineHeight: 1.8 } }}>
      {doc.dates.map((d) => (
        <Typography key={d} variant="body2" sx={{ color: 'text.secondary' }}>
          {d}
        </Typography>
      ))}
      {doc.intro.map((p) => (
        <Typography key={p} variant="body2" sx={{ mt: 1.5 }}>
          {p}
        </Typography>
      ))}
      {doc.sections.map((section) => (
        <Box component="section" key={section.heading} sx={{ mt: 3 }}>
          <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
            {section.heading}
          </Typography>
          {section.paragraphs.map((p) => (
            <Typography key={p} variant="body2" sx={{ mt: 1 }}>
              {p}
            </Typography>
          ))}
        </Box>
      ))}
    </Box>
  );
}

// The long texts load when first opened, so they stay out of the login dialog's chunk.
const BODIES = {
  agreement: lazy(() => import('../legal/agreement').then((m) => ({ default: () => <LegalBody doc={m.userAgreement} /> }))),
  privacy: lazy(() => import('../legal/privacy').then((m) => ({ default: () => <LegalBody doc={m.privacyPolicy} /> }))),
} as const;

const TITLES: Record<LegalKind, string> = { agreement: zhAuth.agreementTitle, privacy: zhAuth.privacyTitle };

/** The full 用户协议 or 隐私政策, opened from the login dialog; 同意 ticks its checkbox. */
export function LegalDialog({
  kind,
  onClose,
  onAgree,
}: {
  kind: LegalKind | null;
  onClose: () => void;
  onAgree: (kind: LegalKind) => void;
}) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  // Keeps the last document on screen while the dialog fades out.
  const [shown, setShown] = useState<LegalKind | null>(kind);
  if (kind !== null && kind !== shown) setShown(kind);
  const Body = shown ? BODIES[shown] : null;
  return (
    <Dialog open={kind !== null} onClose={onClose} fullScreen={fullScreen} scroll="paper" maxWidth="md" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{shown ? TITLES[shown] : ''}</DialogTitle>
      <DialogContent dividers>
        {Body ? (
          <Suspense
            fallback={
              <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
                <CircularProgress size={32} aria-label={zh.states.loading} />
              </Box>
            }
          >
            <Body />
          </Suspense>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose}>{zhAuth.legalClose}</Button>
        <Button variant="contained" onClick={() => shown && onAgree(shown)}>
          {zhAuth.legalAgree}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
