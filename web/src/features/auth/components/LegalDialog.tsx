import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { lazy, Suspense, useId } from 'react';
import { zh } from '../../../strings/zh-CN';
import { zhAuth } from '../../../strings/auth';
import { usePhoneDialog } from '../../../ui/use-phone-dialog';
import type { LegalDocument } from '../legal/types';

export type LegalKind = 'agreement' | 'privacy';

function LegalBody({ doc }: { doc: LegalDocument }) {
  return (
    <div className="gq-legal">
      {doc.dates.map((d) => (
        <p key={d} className="gq-body2 gq-muted">
          {d}
        </p>
      ))}
      {doc.intro.map((p) => (
        <p key={p} className="gq-body2 gq-legal-intro">
          {p}
        </p>
      ))}
      {doc.sections.map((section) => (
        <section key={section.heading}>
          <h3 className="gq-h3">{section.heading}</h3>
          {section.paragraphs.map((p) => (
            <p key={p} className="gq-body2">
              {p}
            </p>
          ))}
        </section>
      ))}
    </div>
  );
}

// The long texts load when first opened, so they stay out of the login dialog's chunk.
const BODIES = {
  agreement: lazy(() =>
    import('../legal/agreement').then((m) => ({ default: () => <LegalBody doc={m.userAgreement} /> })),
  ),
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
  const titleId = useId();
  const fullScreen = usePhoneDialog();
  const Body = kind ? BODIES[kind] : null;
  return (
    <Dialog
      open={kind !== null}
      onClose={onClose}
      fullScreen={fullScreen}
      maxWidth="md"
      scroll="paper"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{kind ? TITLES[kind] : ''}</DialogTitle>
      <DialogContent dividers>
        {Body ? (
          <Suspense
            fallback={
              <div role="status" className="gq-legal-loading">
                <CircularProgress size={28} aria-label={zh.states.loading} />
              </div>
            }
          >
            <Body />
          </Suspense>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{zhAuth.legalClose}</Button>
        <Button variant="contained" onClick={() => kind && onAgree(kind)}>
          {zhAuth.legalAgree}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
