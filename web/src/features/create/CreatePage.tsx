import AutoAwesomeIcon from 'icon:AutoAwesome';
import CasinoIcon from 'icon:CasinoOutlined';
import QueueMusicIcon from 'icon:QueueMusic';
import { type FormEvent, useId, useState } from 'react';
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
import { Tabs } from '../../ui/Tabs';
import { TextField } from '../../ui/TextField';

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
  const modelId = useId();
  return (
    <div className="gq-create-options">
      <label className="gq-switch-row" title={zhCreate.instrumentalHint}>
        <input
          type="checkbox"
          role="switch"
          className="gq-switch"
          checked={instrumental}
          onChange={(e) => onInstrumental(e.target.checked)}
        />
        <span>{zhCreate.instrumental}</span>
      </label>
      <div className="gq-select-field">
        <label htmlFor={modelId}>{zhCreate.model}</label>
        <div className="gq-input gq-input-small gq-select">
          <select id={modelId} value={model} onChange={(e) => onModel(e.target.value)}>
            {MODELS.map(({ id, label }) => {
              const text = id === DEFAULT_MODEL ? `${label}（${zhCreate.defaultModel}）` : label;
              return (
                <option key={id} value={id} aria-label={zhCreate.modelOption(text)}>
                  {text}
                </option>
              );
            })}
          </select>
        </div>
      </div>
    </div>
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
          <button type="button" className="gq-button gq-button-outlined" onClick={openDrawer}>
            <QueueMusicIcon />
            {zhCreate.openMusicList}
          </button>
        }
      />
      <div className="gq-panel gq-create">
        <Tabs<CreateTab>
          label={zhCreate.modes}
          items={[
            { value: 1, label: zhCreate.tabInspiration, id: 'create-tab-1', controls: 'create-panel-1' },
            { value: 3, label: zhCreate.tabCustom, id: 'create-tab-3', controls: 'create-panel-3' },
          ]}
          value={tab}
          onChange={(value) => {
            setTab(value);
            setError(null);
          }}
          fill
        />
        <div role="tabpanel" id={`create-panel-${tab}`} aria-labelledby={`create-tab-${tab}`} className="gq-create-panel">
          {/* The form inside the tab panel (a form may not be a tabpanel); display: contents keeps the panel's gaps. */}
          <form noValidate onSubmit={onSubmit} className="gq-contents">
            {tab === 1 ? (
              <>
                <TextField
                  label={zhCreate.description}
                  placeholder={zhCreate.descriptionPlaceholder}
                  value={description}
                  onChange={edit('description', setDescription)}
                  multiline
                  rows={4}
                  error={!!descriptionMessage}
                  helper={<FieldHelper message={descriptionMessage} count={descriptionLength} max={DESCRIPTION_MAX} />}
                />
                <div className="gq-create-random">
                  <button
                    type="button"
                    className="gq-button gq-button-text gq-button-small"
                    onClick={() => edit('description', setDescription)(randomInspiration(description))}
                  >
                    <CasinoIcon />
                    {zhCreate.randomInspiration}
                  </button>
                </div>
              </>
            ) : (
              <>
                <div className="gq-create-name">
                  <TextField
                    label={zhCreate.songName}
                    value={songName}
                    onChange={edit('name', setSongName)}
                    error={!!nameMessage}
                    helper={<FieldHelper message={nameMessage} count={nameLength} max={SONG_NAME_MAX} />}
                  />
                  <button
                    type="button"
                    className="gq-button gq-button-outlined gq-create-ai"
                    onClick={onAiLyrics}
                    disabled={lyricsAi.isPending}
                  >
                    <AutoAwesomeIcon />
                    {zhCreate.aiLyrics}
                  </button>
                </div>
                <TextField
                  label={zhCreate.lyrics}
                  placeholder={zhCreate.lyricsPlaceholder}
                  value={lyrics}
                  onChange={edit('lyrics', setLyrics)}
                  multiline
                  rows={8}
                  maxRows={20}
                  error={!!lyricsMessage}
                  helper={
                    <FieldHelper
                      message={lyricsAi.isPending ? zhCreate.aiLyricsBusy : lyricsMessage}
                      count={lyricsLength}
                      max={LYRICS_MAX}
                    />
                  }
                />
                <fieldset className="gq-radio-group" role="radiogroup" aria-labelledby="create-gender">
                  <legend id="create-gender">{zhCreate.gender}</legend>
                  {GENDERS.map((g) => (
                    <label key={g.value} className="gq-radio-label">
                      <input
                        type="radio"
                        name="create-gender"
                        className="gq-radio"
                        value={g.value}
                        checked={gender === g.value}
                        onChange={() => edit('style', setGender)(g.value)}
                      />
                      <span>{g.label}</span>
                    </label>
                  ))}
                </fieldset>
                <GenrePicker selected={tags} onChange={edit('style', setTags)} />
                <TextField
                  label={zhCreate.freeStyle}
                  placeholder={zhCreate.stylePlaceholder}
                  value={freeStyle}
                  onChange={edit('style', setFreeStyle)}
                  error={!!styleMessage}
                  helper={<FieldHelper message={styleMessage} count={styleLength} max={STYLE_MAX_LENGTH} />}
                />
              </>
            )}
            <CommonOptions instrumental={instrumental} onInstrumental={setInstrumental} model={model} onModel={setModel} />
            <div className="gq-create-submit">
              <button type="submit" className="gq-button gq-button-contained gq-button-large" disabled={create.isPending}>
                <AutoAwesomeIcon />
                {create.isPending ? zhCreate.submitting : zhCreate.submit}
              </button>
              <span className="gq-caption gq-muted">{zhCreate.cost}</span>
            </div>
          </form>
        </div>
      </div>
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
