import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import AutoAwesomeIcon from 'icon:AutoAwesome';
import QueueMusicIcon from 'icon:QueueMusic';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, lazy, memo, Suspense, useCallback, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { useGenerationPolling } from '../works/useGenerationPolling';
import { useMyWorks } from '../works/useMyWorks';
import { ApiError, notify } from '../../lib/api-client';
import { currentUserQueryKey, useCurrentUser } from '../../lib/current-user';
import type { UserProfile } from '../../lib/types';
import { useHydrated } from '../../lib/hydration';
import { hasToken, requestLogin } from '../../lib/session';
import { charLength, type Gender } from '../../lib/style';
import { zhCreate } from '../../strings/create';
import { useCreateSong } from './api/useCreateSong';
import { useGenerateLyrics } from './api/useGenerateLyrics';
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
  SONG_NAME_MAX,
  STYLE_MAX_LENGTH,
  validateCustom,
  validateInspiration,
  validateSongName,
} from './form';

export { initialCreateState } from './form';

// The form's controls are parts whose code follows the page's (lib/lazy-part.tsx): the build's page shows them at once
// and each hydrates when its code has come, so the page's first task is smaller and the rest comes in several. Their
// loads start with this module. In a client render their room is kept (ui.css).
const CreateTabs = lazyPart(() => import('./components/CreateTabs'), <div className="gq-create-tabs-room" />);
const InspirationFields = lazyPart(
  () => import('./components/InspirationFields'),
  <div className="gq-create-inspiration-room" />,
);
const CustomFields = lazyPart(() => import('./components/CustomFields'), <div className="gq-create-custom-room" />);
const CommonOptions = lazyPart(() => import('./components/CommonOptions'), <div className="gq-create-options-room" />);
void CreateTabs.preload().catch(() => undefined);
void InspirationFields.preload().catch(() => undefined);
void CommonOptions.preload().catch(() => undefined);
void CustomFields.preload().catch(() => undefined);

// Loaded when first opened (MUI's Drawer and the works list).
const MusicListDrawer = lazy(() =>
  import('./components/MusicListDrawer').then((m) => ({ default: m.MusicListDrawer })),
);

/**
 * The signed-in user's works on this page: the 音乐列表 drawer and the polling while one of them generates. A component
 * of its own that reads the profile and the works itself, so their answers (a signed-in user's page asks for them as it
 * starts) redraw this, not the whole form (docs/web-performance.md, "Rendering in slices").
 */
const CreateWorks = memo(function CreateWorks({
  drawerWanted,
  drawerOpen,
  onCloseDrawer,
  page,
  onPageChange,
}: {
  drawerWanted: boolean;
  drawerOpen: boolean;
  onCloseDrawer: () => void;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const { isLoggedIn } = useCurrentUser();
  const works = useMyWorks(page, isLoggedIn);
  useGenerationPolling(works.generating, isLoggedIn);
  return drawerWanted ? (
    <Suspense fallback={null}>
      <MusicListDrawer
        open={drawerOpen}
        onClose={onCloseDrawer}
        works={works}
        page={page}
        onPageChange={onPageChange}
      />
    </Suspense>
  ) : null;
});

function CreateView({ withQuery }: { withQuery: boolean }) {
  const [params] = useSearchParams();
  // While the build's page hydrates, the form is the empty one the build drew; the address fills it in right after.
  const [initial] = useState(() => initialCreateState(withQuery ? params : new URLSearchParams()));
  const queryClient = useQueryClient();

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

  const create = useCreateSong();
  const lyricsAi = useGenerateLyrics();

  const custom = { name: songName, lyrics, gender, tags, freeStyle, instrumental, model };
  const styleLength = charLength(combinedStyle(custom));

  /** The message under a field: the last submit's error for it, else its live over-limit message. */
  const messageOf = (field: FieldName, over: boolean, overMessage: string): string | null => {
    if (error?.field === field) return error.message;
    return over ? overMessage : null;
  };
  // Stable handlers: the parts are memoised, and a part the browser has not hydrated yet must not get new props.
  // Editing a field clears the last submit's error when it was that field's.
  const clearErrorOf = (field: FieldName) => setError((e) => (e?.field === field ? null : e));
  const onDescription = useCallback((value: string) => {
    setDescription(value);
    clearErrorOf('description');
  }, []);
  const onSongName = useCallback((value: string) => {
    setSongName(value);
    clearErrorOf('name');
  }, []);
  const onLyrics = useCallback((value: string) => {
    setLyrics(value);
    clearErrorOf('lyrics');
  }, []);
  const onGender = useCallback((value: Gender) => {
    setGender(value);
    clearErrorOf('style');
  }, []);
  const onTags = useCallback((value: string[]) => {
    setTags(value);
    clearErrorOf('style');
  }, []);
  const onFreeStyle = useCallback((value: string) => {
    setFreeStyle(value);
    clearErrorOf('style');
  }, []);
  const onCloseDrawer = useCallback(() => setDrawerOpen(false), []);
  const onTab = useCallback((value: CreateTab) => {
    setTab(value);
    setError(null);
  }, []);

  const needLogin = (): boolean => {
    // Read when asked rather than subscribed to, so the profile's answer does not redraw the whole form: signed in, or
    // the profile not answered yet (as useCurrentUser's isLoggedIn || isLoading).
    const profile = queryClient.getQueryState<UserProfile | null>(currentUserQueryKey);
    if (hasToken() && (!profile || profile.status === 'pending' || !!profile.data)) return false;
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
        <CreateTabs tab={tab} onTab={onTab} />
        <div
          role="tabpanel"
          id={`create-panel-${tab}`}
          aria-labelledby={`create-tab-${tab}`}
          className="gq-create-panel"
        >
          {/* The form inside the tab panel (a form may not be a tabpanel); display: contents keeps the panel's gaps. */}
          <form noValidate onSubmit={onSubmit} className="gq-contents">
            {tab === 1 ? (
              <InspirationFields
                description={description}
                length={descriptionLength}
                message={descriptionMessage}
                onDescription={onDescription}
              />
            ) : (
              <CustomFields
                songName={songName}
                nameLength={nameLength}
                nameMessage={nameMessage}
                onSongName={onSongName}
                onAiLyrics={onAiLyrics}
                aiBusy={lyricsAi.isPending}
                lyrics={lyrics}
                lyricsLength={lyricsLength}
                lyricsMessage={lyricsMessage}
                onLyrics={onLyrics}
                gender={gender}
                onGender={onGender}
                tags={tags}
                onTags={onTags}
                freeStyle={freeStyle}
                styleLength={styleLength}
                styleMessage={styleMessage}
                onFreeStyle={onFreeStyle}
              />
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
      <CreateWorks
        drawerWanted={drawerWanted}
        drawerOpen={drawerOpen}
        onCloseDrawer={onCloseDrawer}
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
  const hydrated = useHydrated();
  // The first address's form is drawn by the build (empty) and hydrated; an address that fills it in (?keywords=…)
  // starts it again once hydrated, and a later address (生成类似 from the drawer) starts a fresh form.
  const first = location.key === 'default';
  const withQuery = hydrated && location.search !== '';
  const key = first ? (withQuery ? 'first-query' : 'first') : location.key;
  return <CreateView key={key} withQuery={withQuery || !first} />;
}
