import Button from '@mui/material/Button';
import AutoAwesomeIcon from 'icon:AutoAwesome';
import { lazyPart } from '../../../lib/lazy-part';
import type { Gender } from '../../../lib/style';
import { zhCreate } from '../../../strings/create';
import { OutlinedTextField as TextField } from '../../../ui/OutlinedTextField';
import { LYRICS_MAX, SONG_NAME_MAX, STYLE_MAX_LENGTH } from '../form';
import { FieldHelper } from './FieldHelper';

// The voice and genre choices (MUI's radios, tabs and chips, the genre dictionary) are a part of their own.
const StyleChoices = lazyPart(() => import('./StyleChoices'), <div className="gq-style-choices-room" />);

/** 自定义模式's fields (tab 3): name with AI 写歌词, lyrics, voice and genres, free style; a part of the page. */
export default function CustomFields(props: {
  songName: string;
  nameLength: number;
  nameMessage: string | null;
  onSongName: (value: string) => void;
  onAiLyrics: () => void;
  aiBusy: boolean;
  lyrics: string;
  lyricsLength: number;
  lyricsMessage: string | null;
  onLyrics: (value: string) => void;
  gender: Gender;
  onGender: (gender: Gender) => void;
  tags: string[];
  onTags: (tags: string[]) => void;
  freeStyle: string;
  styleLength: number;
  styleMessage: string | null;
  onFreeStyle: (value: string) => void;
}) {
  return (
    <>
      <div className="gq-create-name">
        <TextField
          fullWidth
          label={zhCreate.songName}
          value={props.songName}
          onChange={(e) => props.onSongName(e.target.value)}
          error={!!props.nameMessage}
          helperText={<FieldHelper message={props.nameMessage} count={props.nameLength} max={SONG_NAME_MAX} />}
        />
        <Button
          variant="outlined"
          className="gq-create-ai"
          startIcon={<AutoAwesomeIcon />}
          onClick={props.onAiLyrics}
          disabled={props.aiBusy}
        >
          {zhCreate.aiLyrics}
        </Button>
      </div>
      <TextField
        fullWidth
        label={zhCreate.lyrics}
        placeholder={zhCreate.lyricsPlaceholder}
        value={props.lyrics}
        onChange={(e) => props.onLyrics(e.target.value)}
        multiline
        minRows={8}
        maxRows={20}
        error={!!props.lyricsMessage}
        helperText={
          <FieldHelper
            message={props.aiBusy ? zhCreate.aiLyricsBusy : props.lyricsMessage}
            count={props.lyricsLength}
            max={LYRICS_MAX}
          />
        }
      />
      <StyleChoices gender={props.gender} onGender={props.onGender} tags={props.tags} onTags={props.onTags} />
      <TextField
        fullWidth
        label={zhCreate.freeStyle}
        placeholder={zhCreate.stylePlaceholder}
        value={props.freeStyle}
        onChange={(e) => props.onFreeStyle(e.target.value)}
        error={!!props.styleMessage}
        helperText={<FieldHelper message={props.styleMessage} count={props.styleLength} max={STYLE_MAX_LENGTH} />}
      />
    </>
  );
}
