import ScheduleIcon from '@mui/icons-material/Schedule';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
// An illustration standing in for the support WeChat QR code until a real support account exists;
// replace the file with the real QR image then (the page needs no other change).
import contactQr from '../../assets/contact-wechat.svg';
import { zhInfo } from '../../strings/info';
import { InfoLayout } from './components/InfoLayout';

/** /contactUs: send us a private message, the QR image, and the support hours. */
export default function ContactPage() {
  const contact = zhInfo.contact;
  return (
    <InfoLayout title={zhInfo.contactTitle} lead={contact.lead}>
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: { xs: 2, md: 3 }, alignItems: 'stretch' }}>
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 4 }, display: 'grid', placeItems: 'center', flex: { md: '0 0 auto' } }}>
          <Box
            component="img"
            src={contactQr}
            alt={contact.qrAlt}
            // The image's own size: the browser keeps its place (aspect ratio) before it loads, so nothing shifts.
            width={240}
            height={280}
            sx={{ width: { xs: 200, md: 240 }, height: 'auto', display: 'block' }}
          />
        </Paper>
        <Paper variant="outlined" component="section" aria-labelledby="contact-hours" sx={{ p: { xs: 2, md: 4 }, flex: 1 }}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1.5 }}>
            <ScheduleIcon color="primary" aria-hidden />
            <Typography id="contact-hours" variant="h2" component="h2">
              {contact.hoursTitle}
            </Typography>
          </Stack>
          <Typography sx={{ fontSize: { xs: '1.1rem', md: '1.35rem' }, fontWeight: 700 }}>{contact.hours}</Typography>
          <Typography sx={{ color: 'text.secondary', mt: 1, lineHeight: 1.9 }}>{contact.hoursNote}</Typography>
        </Paper>
      </Stack>
    </InfoLayout>
  );
}
