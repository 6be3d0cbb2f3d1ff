import Paper from '@mui/material/Paper';
import ScheduleIcon from 'icon:Schedule';
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
      <div className="gq-contact">
        <Paper variant="outlined" className="gq-panel gq-info-card gq-contact-qr">
          {/* The image's own size: the browser keeps its place (aspect ratio) before it loads, so nothing shifts. */}
          <img src={contactQr} alt={contact.qrAlt} width={240} height={280} />
        </Paper>
        <Paper
          component="section"
          variant="outlined"
          className="gq-panel gq-info-card gq-contact-hours"
          aria-labelledby="contact-hours"
        >
          <div className="gq-contact-hours-head">
            <ScheduleIcon className="gq-primary-text" />
            <h2 id="contact-hours" className="gq-h2">
              {contact.hoursTitle}
            </h2>
          </div>
          <p className="gq-contact-time">{contact.hours}</p>
          <p className="gq-muted">{contact.hoursNote}</p>
        </Paper>
      </div>
    </InfoLayout>
  );
}
