import Paper from '@mui/material/Paper';
import Button from '@mui/material/Button';
import { type ComponentProps, useCallback, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { SessionStates } from '../../components/SessionStates';
import { StatusState } from '../../components/StatusState';
import { useGenerationPolling } from './useGenerationPolling';
import { useMyWorks } from './useMyWorks';
import { useCurrentUser } from '../../lib/current-user';
import { hasToken, requestLogin } from '../../lib/session';
import { zh } from '../../strings/zh-CN';
import { zhWorks } from '../../strings/works';
import { lazyPart } from '../../lib/lazy-part';
import type { WorkList as WorkListComponent } from './components/WorkList';

// The cards (with their switches, dates, genre names and menus) are a part whose code follows the page's
// (lib/lazy-part.tsx): a visitor never needs it, and a signed-in user's list arrives with it (the entry asks for the
// works while the code downloads). Until it has come, the list's place shows the loading state.
const WorkList = lazyPart<ComponentProps<typeof WorkListComponent>>(
  () => import('./components/WorkList').then((m) => ({ default: m.WorkList })),
  <StatusState kind="loading" />,
);
// Signed in, the list will show: its code downloads with the page's, alongside the works the entry asked for.
if (hasToken()) void WorkList.preload().catch(() => undefined);

/** The preview element's content as React sets it: none. The entry may fill it before the app runs. */
const NO_PREVIEW = { __html: '' };

/** /mywork: the signed-in user's songs as cards, 20 a page, polling while some song is generating. */
export default function MyWorkPage() {
  const { isLoggedIn, isLoading: userLoading } = useCurrentUser();
  const [page, setPage] = useState(1);
  const works = useMyWorks(page, isLoggedIn);
  useGenerationPolling(works.generating, isLoggedIn);
  // The first cards the entry drew from the works page before the app ran (lib/works-preview.ts) go in the commit that
  // renders the real ones in their place, or as soon as the page shows anything else (a visitor, a failure).
  const [cardsShown, setCardsShown] = useState(false);
  const showCards = useCallback(() => setCardsShown(true), []);
  const previewing = !cardsShown && !works.songs.isError && (userLoading || isLoggedIn);

  // The count's line is kept (empty) while the count loads and for a visitor, so nothing below it moves when the
  // profile or the count arrives.
  const subtitle = isLoggedIn && works.count.data !== undefined ? zhWorks.total(works.count.data) : '\u00a0';

  const visitorPrompt = (
    <StatusState
      kind="empty"
      text={zhWorks.loginToView}
      action={
        <Button variant="contained" onClick={requestLogin}>
          {zh.nav.login}
        </Button>
      }
    />
  );
  let body;
  // Until the profile has answered (and in the page the build rendered), both states are drawn in one place and the
  // session hint on <html> shows one: the login prompt when no token is stored, the loading state otherwise
  // (lib/session-hint.ts, ui.css `.gq-session`). Once the answer is known the same box shows the real state.
  if (userLoading) body = <SessionStates visitor={visitorPrompt} user={<StatusState kind="loading" />} />;
  else if (!isLoggedIn) body = <SessionStates visitor={visitorPrompt} />;
  else
    body = (
      <WorkList
        works={works}
        page={page}
        onPageChange={(p) => {
          setPage(p);
          window.scrollTo?.(0, 0);
        }}
        columns={2}
        onCardsShown={showCards}
        emptyAction={
          <Button component={RouterLink} variant="contained" to="/create">
            {zhWorks.goCreate}
          </Button>
        }
      />
    );

  return (
    <PageContainer maxWidth={1100}>
      <PageTitle title={zhWorks.title} subtitle={subtitle} />
      <Paper variant="outlined" className="gq-panel gq-list-panel">
        {/* React sets no content here and hydrates none; the entry may fill it (lib/works-preview.ts WORKS_PREVIEW_CLASS,
            not imported: the app does not load that module), and while it is filled ui.css hides the state after it. */}
        {previewing ? (
          <div className="gq-work-grid gq-work-grid-2 gq-works-preview" dangerouslySetInnerHTML={NO_PREVIEW} />
        ) : null}
        {body}
      </Paper>
    </PageContainer>
  );
}
