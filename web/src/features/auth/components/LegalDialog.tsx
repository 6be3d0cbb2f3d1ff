import { lazy, Suspense, useId } from 'react';
import { zh } from '../../../strings/zh-CN';
import { zhAuth } from '../../../strings/auth';
import type { LegalDocument } from '../legal/types';
import { Modal } from '../../../ui/Modal';

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
  const titleId = useId();
  const Body = kind ? BODIES[kind] : null;
  return (
    <Modal open={kind !== null} onClose={onClose} labelledBy={titleId} size="md" fullScreenOnPhone>
      <h2 id={titleId} className="gq-dialog-title">
        {kind ? TITLES[kind] : ''}
      </h2>
      <div className="gq-dialog-content gq-dialog-dividers">
        {Body ? (
          <Suspense
            fallback={
              <div role="status" className="gq-legal-loading">
                <span className="gq-spinner" aria-hidden />
                <span className="gq-visually-hidden">{zh.states.loading}</span>
              </div>
            }
          >
            <Body />
          </Suspense>
        ) : null}
      </div>
      <div className="gq-dialog-actions gq-legal-actions">
        <button type="button" className="gq-button" onClick={onClose}>
          {zhAuth.legalClose}
        </button>
        <button type="button" className="gq-button gq-button-contained" onClick={() => kind && onAgree(kind)}>
          {zhAuth.legalAgree}
        </button>
      </div>
    </Modal>
  );
}
