import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import ExpandMoreIcon from 'icon:ExpandMore';
import { zhPlayer } from '../../../strings/player';
import { LyricPanel, type LyricPanelProps } from './LyricPanel';

/** The player's 歌词 section: MUI's Accordion (its heading an h3) around the lyric panel, mounted while open. */
export default function LyricsAccordion({
  id,
  open,
  onOpen,
  ...panel
}: LyricPanelProps & { id: string; open: boolean; onOpen: (open: boolean) => void }) {
  return (
    <Accordion
      variant="outlined"
      className="gq-panel gq-accordion"
      expanded={open}
      onChange={(_event, expanded) => onOpen(expanded)}
      slotProps={{ heading: { component: 'h3' }, transition: { unmountOnExit: true } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={id}>
        {zhPlayer.lyrics}
      </AccordionSummary>
      <AccordionDetails id={id}>
        <LyricPanel {...panel} />
      </AccordionDetails>
    </Accordion>
  );
}
