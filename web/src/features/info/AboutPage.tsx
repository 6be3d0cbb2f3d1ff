import Paper from '@mui/material/Paper';
import { zhInfo } from '../../strings/info';
import { InfoLayout } from './components/InfoLayout';

/** /about: the product introduction. */
export default function AboutPage() {
  const about = zhInfo.about;
  return (
    <InfoLayout title={zhInfo.aboutTitle} lead={about.lead}>
      <div className="gq-info-stack">
        {about.sections.map((section) => (
          <Paper component="section" variant="outlined" key={section.title} className="gq-panel gq-info-card">
            <h2 className="gq-h2">{section.title}</h2>
            {section.paragraphs.map((text) => (
              <p key={text}>{text}</p>
            ))}
          </Paper>
        ))}
      </div>
    </InfoLayout>
  );
}
