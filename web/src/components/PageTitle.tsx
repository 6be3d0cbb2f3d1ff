import type { ReactNode } from 'react';
import { zh } from '../strings/zh-CN';

/** The page's main heading (one h1 per page) and the document title, with an optional subtitle and actions. */
export function PageTitle({ title, subtitle, actions }: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <>
      {/* React 19 hoists <title> into <head>. */}
      <title>{zh.app.documentTitle(title)}</title>
      <div className="gq-title-row">
        <div>
          <h1 className="gq-h1">{title}</h1>
          {subtitle ? <p className="gq-subtitle">{subtitle}</p> : null}
        </div>
        {actions}
      </div>
    </>
  );
}
