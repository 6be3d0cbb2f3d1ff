import type { ReactNode } from 'react';
import { PageTitle } from '../../../components/PageTitle';
import { zh } from '../../../strings/zh-CN';

/** The info pages' frame: a larger layout above 768 px (ui.css, .gq-info-page), and the copyright footer. */
export function InfoLayout({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <div className="gq-info-frame">
      <div className="gq-info-page">
        <PageTitle title={title} />
        {lead ? <p className="gq-info-lead gq-muted">{lead}</p> : null}
        {children}
      </div>
      <footer className="gq-info-footer gq-muted">
        <p className="gq-body2">{zh.app.copyright}</p>
      </footer>
    </div>
  );
}
