import { Navigate, useSearchParams } from 'react-router';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { useHydrated } from '../../lib/hydration';
import { lazyPart } from '../../lib/lazy-part';
import { zh } from '../../strings/zh-CN';
import { GenreCards } from './components/GenreCards';

// The search box with the quick start, and the two song lists, are parts whose code follows the page's
// (lib/lazy-part.tsx): the build's page shows them at once, and they hydrate when their code has arrived. Their loads
// start with this module.
const HomeStart = lazyPart(() => import('./components/HomeStart'), <div className="gq-home-start-room" />);
const HomeLists = lazyPart(() => import('./components/HomeLists'), <div className="gq-home-lists-room" />);
// Shown only when the square has no public song (never in the build's render).
const EmptySquare = lazyPart(() => import('./components/EmptySquare'));
void HomeStart.preload().catch(() => undefined);
void HomeLists.preload().catch(() => undefined);

/**
 * The music square (/): search, quick start with three prompts, genres, the hot list and the newest songs; an
 * invitation to create when the square has no public song yet. /?id=<base64> (a shared link) opens the player.
 */
export default function HomePage() {
  const [params] = useSearchParams();
  // Read once hydrated: the build's render of this page, which the browser hydrates, has no address to read.
  const sharedId = useHydrated() ? params.get('id') : null;

  // A shared link is the site address plus ?id=<base64 song id>: open that song in the player.
  if (sharedId) return <Navigate to={`/musicPlayer?${new URLSearchParams({ id: sharedId }).toString()}`} replace />;

  // The lists are read by the parts that show them (EmptySquare, the sections), so their answers re-render only those
  // parts, not the whole page: on a slow phone the page's first render is expensive enough to do once.
  return (
    <PageContainer>
      <PageTitle title={zh.square.title} subtitle={zh.square.subtitle} />
      <div className="gq-stack">
        <HomeStart />
        <EmptySquare />
        <section className="gq-home-genres" aria-labelledby="home-genres">
          <h2 id="home-genres" className="gq-h2">
            {zh.square.genres}
          </h2>
          <GenreCards />
        </section>
        <HomeLists />
      </div>
    </PageContainer>
  );
}
