import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Paper from '@mui/material/Paper';
import ExpandMoreIcon from 'icon:ExpandMore';
import type { ReactNode } from 'react';
import { zh } from '../../strings/zh-CN';
import { zhInfo } from '../../strings/info';
import { InfoLayout } from './components/InfoLayout';

/** Questions that open to their answers: MUI's Accordion, one a question. */
function QaList({ items }: { items: readonly { q: string; a: string }[] }) {
  return (
    <div className="gq-qa-list">
      {items.map((item) => (
        <Accordion key={item.q} variant="outlined" disableGutters className="gq-qa">
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>{item.q}</AccordionSummary>
          <AccordionDetails>
            <p className="gq-muted">{item.a}</p>
          </AccordionDetails>
        </Accordion>
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
        <Paper variant="outlined" className="gq-panel gq-info-card">
          <ol className="gq-faq-steps">
            {faq.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </Paper>
      </Section>
      <Section id="faq-rights" title={faq.rightsTitle}>
        <QaList items={zh.rights} />
      </Section>
    </InfoLayout>
  );
}
