import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { OutlinedTextField as TextField } from '../../ui/OutlinedTextField';
import AutoAwesomeIcon from 'icon:AutoAwesome';
import CasinoIcon from 'icon:CasinoOutlined';
import QueueMusicIcon from 'icon:QueueMusic';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { useGenerationPolling } from '../works/useGenerationPolling';
import { useMyWorks } from '../works/useMyWorks';
import { ApiError, notify } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import { useHydrated } from '../../lib/hydration';
import { hasToken, requestLogin } from '../../lib/session';
import { charLength, type Gender } from '../../lib/style';
import { zhCreate } from '../../strings/create';
import { useCreateSong } from './api/useCreateSong';
import { useGenerateLyrics } from './api/useGenerateLyrics';
import { FieldHelper } from './components/FieldHelper';
import { lazyPart } from '../../lib/lazy-part';
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

// 自定义模式's voice and genre choices (MUI's radios, tabs and chips, the genre dictionary) load with that tab.
const StyleChoices = lazyPart(() => import('./components/StyleChoices'), <div className="gq-style-choices-room" />);

// Loaded when first opened (MUI's Drawer and the works list).
const MusicListDrawer = lazy(() =>
  import('./components/MusicListDrawer').then((m) => ({ default: m.MusicListDrawer })),
);

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
    <div className="gq-create-options">
      <FormControlLabel
        title={zhCreate.instrumentalHint}
        control={<Switch checked={instrumental} onChange={(e) => onInstrumental(e.target.checked)} />}
        label={zhCreate.instrumental}
      />
      <FormControl size="small" className="gq-model-select">
        <InputLabel htmlFor="create-model" shrink>
          {zhCreate.model}
        </InputLabel>
        <NativeSelect
          value={model}
          onChange={(e) => onModel(e.target.value)}
          input={<OutlinedInput id="create-model" label={zhCreate.model} notched />}
        >
          {MODELS.map(({ id, label }) => {
            const text = id === DEFAULT_MODEL ? `${label}（${zhCreate.defaultModel}）` : label;
            return (
              <option key={id} value={id} aria-label={zhCreate.modelOption(text)}>
                {text}
              </option>
            );
          })}
        </NativeSelect>
      </FormControl>
    </div>
  );
}

function CreateView({ withQuery }: { withQuery: boolean }) {
  const [params] = useSearchParams();
  // While the build's page hydrates, the form is the empty one the build drew; the address fills it in right after.
  const [initial] = useState(() => initialCreateState(withQuery ? params : new URLSearchParams()));
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
  const [drawerWanted, setDrawerWanted] = useState(false);
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
  const edit =
    <T,>(field: FieldName, set: (value: T) => void) =>
    (value: T) => {
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
        setDrawerWanted(true);
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
    setDrawerWanted(true);
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
      <Paper variant="outlined" className="gq-panel gq-create">
        <Tabs
          aria-label={zhCreate.modes}
          value={tab}
          onChange={(_event, value: CreateTab) => {
            setTab(value);
            setError(null);
          }}
          variant="fullWidth"
        >
          <Tab value={1} label={zhCreate.tabInspiration} id="create-tab-1" aria-controls="create-panel-1" />
          <Tab value={3} label={zhCreate.tabCustom} id="create-tab-3" aria-controls="create-panel-3" />
        </Tabs>
        <div
          role="tabpanel"
          id={`create-panel-${tab}`}
          aria-labelledby={`create-tab-${tab}`}
          className="gq-create-panel"
        >
          {/* The form inside the tab panel (a form may not be a tabpanel); display: contents keeps the panel's gaps. */}
          <form noValidate onSubmit={onSubmit} className="gq-contents">
            {tab === 1 ? (
              <>
                <TextField
                  fullWidth
                  label={zhCreate.description}
                  placeholder={zhCreate.descriptionPlaceholder}
                  value={description}
                  onChange={(e) => edit('description', setDescription)(e.target.value)}
                  multiline
                  minRows={4}
                  error={!!descriptionMessage}
                  helperText={
                    <FieldHelper message={descriptionMessage} count={descriptionLength} max={DESCRIPTION_MAX} />
                  }
                />
                <div className="gq-create-random">
                  <Button
                    size="small"
                    startIcon={<CasinoIcon />}

                    onClick={() => edit('description', setDescription)(randomInspiration(description))}
                  >
                    {zhCreate.randomInspiration}
                  </Button>
                </div>
              </>
            ) : (
              <>
                <div className="gq-create-name">
                  <TextField
                    fullWidth
                    label={zhCreate.songName}
                    value={songName}
                    onChange={(e) => edit('name', setSongName)(e.target.value)}
                    error={!!nameMessage}
                    helperText={<FieldHelper message={nameMessage} count={nameLength} max={SONG_NAME_MAX} />}
                  />
                  <Button
                    variant="outlined"
                    className="gq-create-ai"
                    startIcon={<AutoAwesomeIcon />}

                    onClick={onAiLyrics}
                    disabled={lyricsAi.isPending}
                  >
                    {zhCreate.aiLyrics}
                  </Button>
                </div>
                <TextField
                  fullWidth
                  label={zhCreate.lyrics}
                  placeholder={zhCreate.lyricsPlaceholder}
                  value={lyrics}
                  onChange={(e) => edit('lyrics', setLyrics)(e.target.value)}
                  multiline
                  minRows={8}
                  maxRows={20}
                  error={!!lyricsMessage}
                  helperText={
                    <FieldHelper
                      message={lyricsAi.isPending ? zhCreate.aiLyricsBusy : lyricsMessage}
                      count={lyricsLength}
                      max={LYRICS_MAX}
                    />
                  }
                />
                <StyleChoices
                  gender={gender}
                  onGender={edit('style', setGender)}
                  tags={tags}
                  onTags={edit('style', setTags)}
                />
                <TextField
                  fullWidth
                  label={zhCreate.freeStyle}
                  placeholder={zhCreate.stylePlaceholder}
                  value={freeStyle}
                  onChange={(e) => edit('style', setFreeStyle)(e.target.value)}
                  error={!!styleMessage}
                  helperText={<FieldHelper message={styleMessage} count={styleLength} max={STYLE_MAX_LENGTH} />}
                />
              </>
            )}
            <CommonOptions
              instrumental={instrumental}
              onInstrumental={setInstrumental}
              model={model}
              onModel={setModel}
            />
            <div className="gq-create-submit">
              <Button
                variant="contained"
                size="large"
                startIcon={<AutoAwesomeIcon />}
                type="submit"
                disabled={create.isPending}
              >
                {create.isPending ? zhCreate.submitting : zhCreate.submit}
              </Button>
              <span className="gq-caption gq-muted">{zhCreate.cost}</span>
            </div>
          </form>
        </div>
      </Paper>
      {drawerWanted ? (
        <Suspense fallback={null}>
          <MusicListDrawer
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            works={works}
            page={drawerPage}
            onPageChange={setDrawerPage}
          />
        </Suspense>
      ) : null}
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
  const hydrated = useHydrated();
  // The first address's form is drawn by the build (empty) and hydrated; an address that fills it in (?keywords=…)
  // starts it again once hydrated, and a later address (生成类似 from the drawer) starts a fresh form.
  const first = location.key === 'default';
  const withQuery = hydrated && location.search !== '';
  const key = first ? (withQuery ? 'first-query' : 'first') : location.key;
  return <CreateView key={key} withQuery={withQuery || !first} />;
}
