import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { decodeBase64 } from '../../lib/base64';
import { charLength, normalizeStyle, STYLE_MAX_LENGTH } from '../../lib/style';
import { zh } from '../../strings/zh-CN';

export const DESCRIPTION_MAX = 200;
export const SONG_NAME_MAX = 50;
export const LYRICS_MAX = 2000;

/** Tab values of SPEC.md §2: 1 inspiration, 3 custom (mode 2 exists without a tab). */
type CreateTab = 1 | 3;

/** Which tab opens and what it holds, from the address: keywords → tab 1; name / style → tab 3 (all base64). */
export function initialCreateState(params: URLSearchParams) {
  const keywords = decodeBase64(params.get('keywords')) ?? '';
  const name = decodeBase64(params.get('name')) ?? '';
  const style = decodeBase64(params.get('style')) ?? '';
  const tab: CreateTab = !keywords && (name || style) ? 3 : 1;
  return { tab, keywords, name, style };
}

function counter(value: string, max: number): string {
  return zh.create.counter(charLength(value), max);
}

/**
 * /create: the inspiration and custom tabs with their fields and limits. Submitting, the genre picker,
 * AI lyrics and the 音乐列表 drawer arrive with the creation work.
 */
export default function CreatePage() {
  const [params] = useSearchParams();
  const [initial] = useState(() => initialCreateState(params));
  const [tab, setTab] = useState<CreateTab>(initial.tab);
  const [description, setDescription] = useState(initial.keywords);
  const [songName, setSongName] = useState(initial.name);
  const [lyrics, setLyrics] = useState('');
  const [style, setStyle] = useState(initial.style);
  const styleLength = charLength(normalizeStyle(style));

  return (
    <PageContainer maxWidth={880}>
      <PageTitle title={zh.create.title} subtitle={zh.create.subtitle} />
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Tabs
          value={tab}
          onChange={(_, value: CreateTab) => setTab(value)}
          variant="fullWidth"
          aria-label={zh.create.modes}
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value={1} label={zh.create.tabInspiration} id="create-tab-1" aria-controls="create-panel-1" />
          <Tab value={3} label={zh.create.tabCustom} id="create-tab-3" aria-controls="create-panel-3" />
        </Tabs>
        <Stack
          role="tabpanel"
          id={`create-panel-${tab}`}
          aria-labelledby={`create-tab-${tab}`}
          sx={{ p: { xs: 2, sm: 3 }, gap: 2.5 }}
        >
          {tab === 1 ? (
            <TextField
              label={zh.create.description}
              placeholder={zh.create.descriptionPlaceholder}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              multiline
              minRows={4}
              fullWidth
              error={charLength(description) > DESCRIPTION_MAX}
              helperText={
                charLength(description) > DESCRIPTION_MAX ? zh.create.descriptionTooLong : counter(description, DESCRIPTION_MAX)
              }
            />
          ) : (
            <>
              <TextField
                label={zh.create.songName}
                value={songName}
                onChange={(e) => setSongName(e.target.value)}
                fullWidth
                error={charLength(songName) > SONG_NAME_MAX}
                helperText={charLength(songName) > SONG_NAME_MAX ? zh.create.songNameTooLong : counter(songName, SONG_NAME_MAX)}
              />
              <TextField
                label={zh.create.lyrics}
                value={lyrics}
                onChange={(e) => setLyrics(e.target.value)}
                multiline
                minRows={8}
                fullWidth
                error={charLength(lyrics) > LYRICS_MAX}
                helperText={charLength(lyrics) > LYRICS_MAX ? zh.create.lyricsTooLong : counter(lyrics, LYRICS_MAX)}
              />
              <TextField
                label={zh.create.style}
                placeholder={zh.create.stylePlaceholder}
                value={style}
                onChange={(e) => setStyle(e.target.value)}
                fullWidth
                error={styleLength > STYLE_MAX_LENGTH}
                helperText={styleLength > STYLE_MAX_LENGTH ? zh.create.styleTooLong : zh.create.counter(styleLength, STYLE_MAX_LENGTH)}
              />
            </>
          )}
        </Stack>
      </Paper>
    </PageContainer>
  );
}
