import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { zh } from '../../strings/zh-CN';
import { zhInfo } from '../../strings/info';
import { InfoLayout } from './components/InfoLayout';

function QaList({ items }: { items: readonly { q: string; a: string }[] }) {
  const base = useId();
  return (
    <div>
      {items.map((item, i) => (
        <Accordion key={item.q} disableGutters variant="outlined" sx={{ '&:not(:last-of-type)': { borderBottom: 0 } }}>
          <AccordionSummary expandIcon={<ExpandMoreIcon />} id={`${base}-${i}-q`} aria-controls={`${base}-${i}-a`}>
            <Typography component="span" sx={{ fontWeight: 600, fontSize: { xs: '1rem', md: '1.1rem' } }}>
              {item.q}
            </Typography>
          </AccordionSummary>
          <AccordionDetails id={`${base}-${i}-a`}>
            <Typography sx={{ color: 'text.secondary', lineHeight: 1.9, fontSize: { xs: '0.95rem', md: '1.05rem' } }}>{item.a}</Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: { xs: 3, md: 5 } }}>
      <Typography id={id} variant="h2" component="h2" sx={{ mb: 1.5, fontSize: { md: '1.5rem' } }}>
        {title}
      </Typography>
      {children}
    </Box>
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
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
          <Box component="ol" sx={{ m: 0, pl: 3, lineHeight: 2 }}>
            {faq.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </Box>
        </Paper>
      </Section>
      <Section id="faq-rights" title={faq.rightsTitle}>
        <QaList items={zh.rights} />
      </Section>
    </InfoLayout>
  );
}
