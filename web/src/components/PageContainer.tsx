import type { ReactNode } from 'react';

/** Horizontal padding and a readable maximum width for a page's content. */
export function PageContainer({ children, maxWidth = 1200 }: { children: ReactNode; maxWidth?: number }) {
  return (
    <div className="gq-page" style={{ maxWidth }}>
      {children}
    </div>
  );
}
