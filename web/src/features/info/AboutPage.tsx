import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zhInfo } from '../../strings/info';
import { InfoLayout } from './components/InfoLayout';

/** /about: the product introduction. */
export default function AboutPage() {
  const about = zhInfo.about;
  return (
    <InfoLayout title={zhInfo.aboutTitle} lead={about.lead}>
      <Stack sx={{ gap: { xs: 2, md: 3 } }}>
        {about.sections.map((section) => (
          <Paper key={section.title} component="section" variant="outlined" sx={{ p: { xs: 2, md: 4 } }}>
            <Typography variant="h2" component="h2" sx={{ mb: 1.5, fontSize: { md: '1.5rem' } }}>
              {section.title}
            </Typography>
            {section.paragraphs.map((text) => (
              <Typography key={text} sx={{ lineHeight: 1.9, fontSize: 'inherit', '& + &': { mt: 1.5 } }}>
                {text}
              </Typography>
            ))}
          </Paper>
        ))}
      </Stack>
    </InfoLayout>
  );
}
