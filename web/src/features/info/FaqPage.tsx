import ExpandMoreIcon from 'icon:ExpandMore';
import type { ReactNode } from 'react';
import { zh } from '../../strings/zh-CN';
import { zhInfo } from '../../strings/info';
import { InfoLayout } from './components/InfoLayout';

/**
 * Questions that open to their answers: <details> elements, which the browser opens and closes itself (keyboard
 * included), so they work in the page the build draws before any JavaScript runs (scripts/static-pages.mjs).
 */
function QaList({ items }: { items: readonly { q: string; a: string }[] }) {
  return (
    <div className="gq-qa-list">
      {items.map((item) => (
        <details key={item.q} className="gq-qa">
          <summary>
            <span>{item.q}</span>
            <ExpandMoreIcon />
          </summary>
          <p className="gq-muted">{item.a}</p>
        </details>
      ))}
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="gq-info-section">
      <h2 id={id} className="gq-h2">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** /faq: the main features, how to create a song, and the rights FAQ of docs/product.md ("Rights") in full. */
export default function FaqPage() {
  const faq = zhInfo.faq;
  return (
    <InfoLayout title={zhInfo.faqTitle} lead={faq.lead}>
      <Section id="faq-features" title={faq.featuresTitle}>
        <QaList items={faq.features} />
      </Section>
      <Section id="faq-steps" title={faq.stepsTitle}>
        <div className="gq-panel gq-info-card">
          <ol className="gq-faq-steps">
            {faq.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </div>
      </Section>
      <Section id="faq-rights" title={faq.rightsTitle}>
        <QaList items={zh.rights} />
      </Section>
    </InfoLayout>
  );
}
