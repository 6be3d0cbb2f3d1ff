import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import CasinoIcon from '@mui/icons-material/CasinoOutlined';
import QueueMusicIcon from '@mui/icons-material/QueueMusic';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { useGenerationPolling } from '../works/useGenerationPolling';
import { useMyWorks } from '../works/useMyWorks';
import { ApiError, notify } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import { hasToken, requestLogin } from '../../lib/session';
import { charLength, type Gender } from '../../lib/style';
import { zhCreate } from '../../strings/create';
import { useCreateSong } from './api/useCreateSong';
import { useGenerateLyrics } from './api/useGenerateLyrics';
import { FieldHelper } from './components/FieldHelper';
import { GenrePicker } from './components/GenrePicker';
import { MusicListDrawer } from './components/MusicListDrawer';
import {
  combinedStyle,
  type CreateTab,
  customBody,
  DEFAULT_MODEL,
  DESCRIPTION_MAX,
  type FieldError,
  type FieldName,
  initialCreateState,
  inspirationBody,
  LYRICS_MAX,
  MODELS,
  SONG_NAME_MAX,
  STYLE_MAX_LENGTH,
  validateCustom,
  validateInspiration,
  validateSongName,
} from './form';
import { randomInspiration } from './inspirations';

export { initialCreateState } from './form';

const GENDERS: { value: Gender; label: string }[] = [
  { value: 'random', label: zhCreate.genderRandom },
  { value: 'male', label: zhCreate.genderMale },
  { value: 'female', label: zhCreate.genderFemale },
];

/** The instrumental switch and the model select, shown in both tabs (one shared value each). */
function CommonOptions({
  instrumental,
  onInstrumental,
  model,
  onModel,
}: {
  instrumental: boolean;
  onInstrumental: (value: boolean) => void;
  model: string;
  onModel: (value: string) => void;
}) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
      <FormControlLabel
        control={<Switch checked={instrumental} onChange={(e) => onInstrumental(e.target.checked)} />}
        label={zhCreate.instrumental}
        title={zhCreate.instrumentalHint}
      />
      <TextField
        select
        label={zhCreate.model}
        value={model}
        onChange={(e) => onModel(e.target.value)}
        size="small"
        sx={{ minWidth: 160 }}
      >
        {MODELS.map(({ id, label }) => (
          <MenuItem key={id} value={id}>
            {label}
            {id === DEFAULT_MODEL ? `（${zhCreate.defaultModel}）` : ''}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}

function CreateView() {
  const [params] = useSearchParams();
  const [initial] = useState(() => initialCreateState(params));
  const { isLoggedIn, isLoading: userLoading } = useCurrentUser();

  const [tab, setTab] = useState<CreateTab>(initial.tab);
  const [description, setDescription] = useState(initial.keywords);
  const [songName, setSongName] = useState(initial.name);
  const [lyrics, setLyrics] = useState('');
  const [gender, setGender] = useState<Gender>('random');
  const [tags, setTags] = useState<string[]>(initial.tags);
  const [freeStyle, setFreeStyle] = useState(initial.freeStyle);
  const [instrumental, setInstrumental] = useState(false);
  const [model, setModel] = useState<string>(DEFAULT_MODEL);
  const [error, setError] = useState<FieldError | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerPage, setDrawerPage] = useState(1);

  const works = useMyWorks(drawerPage, isLoggedIn);
  useGenerationPolling(works.generating, isLoggedIn);
  const create = useCreateSong();
  const lyricsAi = useGenerateLyrics();

  const custom = { name: songName, lyrics, gender, tags, freeStyle, instrumental, model };
  const styleLength = charLength(combinedStyle(custom));

  /** The message under a field: the last submit's error for it, else its live over-limit message. */
  const messageOf = (field: FieldName, over: boolean, overMessage: string): string | null => {
    if (error?.field === field) return error.message;
    return over ? overMessage : null;
  };
  const edit = <T,>(field: FieldName, set: (value: T) => void) => (value: T) => {
    set(value);
    if (error?.field === field) setError(null);
  };

  const needLogin = (): boolean => {
    if (hasToken() && (isLoggedIn || userLoading)) return false;
    requestLogin();
    return true;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending || needLogin()) return;
    const input = { description, instrumental, model };
    const problem = tab === 1 ? validateInspiration(input) : validateCustom(custom);
    setError(problem);
    if (problem) {
      notify(problem.message, 'error');
      return;
    }
    create.mutate(tab === 1 ? inspirationBody(input) : customBody(custom), {
      onSuccess: (envelope) => {
        notify(envelope.message || zhCreate.submitted, 'success');
        setDrawerPage(1);
        setDrawerOpen(true);
      },
    });
  };

  const onAiLyrics = () => {
    if (lyricsAi.isPending) return;
    if (!songName.trim()) {
      setError({ field: 'name', message: zhCreate.enterSongNameFirst });
      notify(zhCreate.enterSongNameFirst, 'warning');
      return;
    }
    const nameProblem = validateSongName(songName);
    if (nameProblem) {
      setError(nameProblem);
      notify(nameProblem.message, 'error');
      return;
    }
    if (needLogin()) return;
    lyricsAi.mutate(songName.trim(), {
      onSuccess: ({ text }) => {
        if (!text.trim()) {
          notify(zhCreate.lyricsFailed, 'error');
          return;
        }
        setLyrics(text);
        if (error?.field === 'lyrics') setError(null);
        notify(zhCreate.lyricsGenerated, 'success');
      },
      onError: (cause) => {
        if (cause instanceof ApiError && cause.isUnauthorized) {
          requestLogin();
          return;
        }
        const refused = cause instanceof ApiError && cause.isRefused;
        notify(refused ? zhCreate.lyricsRefused : zhCreate.lyricsFailed, 'error');
      },
    });
  };

  const openDrawer = () => {
    if (needLogin()) return;
    setDrawerOpen(true);
  };

  const descriptionLength = charLength(description);
  const nameLength = charLength(songName);
  const lyricsLength = charLength(lyrics);
  const descriptionMessage = messageOf('description', descriptionLength > DESCRIPTION_MAX, zhCreate.descriptionTooLong);
  const nameMessage = messageOf('name', nameLength > SONG_NAME_MAX, zhCreate.songNameTooLong);
  const lyricsMessage = messageOf('lyrics', lyricsLength > LYRICS_MAX, zhCreate.lyricsTooLong);
  const styleMessage = messageOf('style', styleLength > STYLE_MAX_LENGTH, zhCreate.styleTooLong);

  return (
    <PageContainer maxWidth={880}>
      <PageTitle
        title={zhCreate.title}
        subtitle={zhCreate.subtitle}
        actions={
          <Button variant="outlined" startIcon={<QueueMusicIcon />} onClick={openDrawer}>
            {zhCreate.openMusicList}
          </Button>
        }
      />
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Tabs
          value={tab}
          onChange={(_, value: CreateTab) => {
            setTab(value);
            setError(null);
          }}
          variant="fullWidth"
          aria-label={zhCreate.modes}
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value={1} label={zhCreate.tabInspiration} id="create-tab-1" aria-controls="create-panel-1" />
          <Tab value={3} label={zhCreate.tabCustom} id="create-tab-3" aria-controls="create-panel-3" />
        </Tabs>
        <Stack
          role="tabpanel"
          id={`create-panel-${tab}`}
          aria-labelledby={`create-tab-${tab}`}
          sx={{ p: { xs: 2, sm: 3 }, gap: 2.5 }}
        >
          {/* The form inside the tab panel (a form may not be a tabpanel); display: contents keeps the panel's gaps. */}
          <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'contents' }}>
          {tab === 1 ? (
            <>
              <TextField
                label={zhCreate.description}
                placeholder={zhCreate.descriptionPlaceholder}
                value={description}
                onChange={(e) => edit('description', setDescription)(e.target.value)}
                multiline
                minRows={4}
                fullWidth
                error={!!descriptionMessage}
                helperText={<FieldHelper message={descriptionMessage} count={descriptionLength} max={DESCRIPTION_MAX} />}
              />
              <Stack direction="row" sx={{ justifyContent: 'flex-start', mt: -1 }}>
                <Button
                  size="small"
                  startIcon={<CasinoIcon />}
                  onClick={() => edit('description', setDescription)(randomInspiration(description))}
                >
                  {zhCreate.randomInspiration}
                </Button>
              </Stack>
            </>
          ) : (
            <>
              <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5, alignItems: { sm: 'flex-start' } }}>
                <TextField
                  label={zhCreate.songName}
                  value={songName}
                  onChange={(e) => edit('name', setSongName)(e.target.value)}
                  fullWidth
                  error={!!nameMessage}
                  helperText={<FieldHelper message={nameMessage} count={nameLength} max={SONG_NAME_MAX} />}
                />
                <Button
                  variant="outlined"
                  startIcon={<AutoAwesomeIcon />}
                  onClick={onAiLyrics}
                  disabled={lyricsAi.isPending}
                  sx={{ flexShrink: 0, height: 56, whiteSpace: 'nowrap' }}
                >
                  {zhCreate.aiLyrics}
                </Button>
              </Stack>
              <TextField
                label={zhCreate.lyrics}
                placeholder={zhCreate.lyricsPlaceholder}
                value={lyrics}
                onChange={(e) => edit('lyrics', setLyrics)(e.target.value)}
                multiline
                minRows={8}
                maxRows={20}
                fullWidth
                error={!!lyricsMessage}
                helperText={
                  <FieldHelper
                    message={lyricsAi.isPending ? zhCreate.aiLyricsBusy : lyricsMessage}
                    count={lyricsLength}
                    max={LYRICS_MAX}
                  />
                }
              />
              <FormControl>
                <FormLabel id="create-gender">{zhCreate.gender}</FormLabel>
                <RadioGroup
                  row
                  aria-labelledby="create-gender"
                  value={gender}
                  onChange={(e) => edit('style', setGender)(e.target.value as Gender)}
                >
                  {GENDERS.map((g) => (
                    <FormControlLabel key={g.value} value={g.value} control={<Radio />} label={g.label} />
                  ))}
                </RadioGroup>
              </FormControl>
              <GenrePicker selected={tags} onChange={edit('style', setTags)} />
              <TextField
                label={zhCreate.freeStyle}
                placeholder={zhCreate.stylePlaceholder}
                value={freeStyle}
                onChange={(e) => edit('style', setFreeStyle)(e.target.value)}
                fullWidth
                error={!!styleMessage}
                helperText={<FieldHelper message={styleMessage} count={styleLength} max={STYLE_MAX_LENGTH} />}
              />
            </>
          )}
          <CommonOptions instrumental={instrumental} onInstrumental={setInstrumental} model={model} onModel={setModel} />
          <Stack sx={{ gap: 1, alignItems: 'stretch' }}>
            <Button type="submit" variant="contained" size="large" disabled={create.isPending} startIcon={<AutoAwesomeIcon />}>
              {create.isPending ? zhCreate.submitting : zhCreate.submit}
            </Button>
            <Typography variant="caption" sx={{ color: 'text.secondary', textAlign: 'center' }}>
              {zhCreate.cost}
            </Typography>
          </Stack>
          </Box>
        </Stack>
      </Paper>
      <MusicListDrawer
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        works={works}
        page={drawerPage}
        onPageChange={setDrawerPage}
      />
    </PageContainer>
  );
}

/**
 * /create (docs/web.md): 灵感模式 (tab 1) and 自定义模式 (tab 3) with every limit and counter, the genre picker, gender,
 * instrumental and model, AI lyrics, the random prompts, the base64 prefill (keywords → tab 1; name, style → tab 3),
 * submitting (visitors get the login dialog) and the 音乐列表 drawer; polls while a song is generating.
 * A new address (生成类似 from the drawer) starts a fresh form.
 */
export default function CreatePage() {
  const location = useLocation();
  return <CreateView key={location.key} />;
}
