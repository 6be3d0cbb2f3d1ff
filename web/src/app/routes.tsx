import { lazy, Suspense, useState, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { StatusState } from '../components/StatusState';
import { loadWithMui } from '../theme/mui-loader';
import { usesMui } from './route-meta-lite';
import { AppLayout } from './layout/AppLayout';

interface LazyPage {
  Page: ComponentType;
  /** Loads the page's chunk; once it resolved, the page renders without suspending. */
  preload: () => Promise<void>;
}

/**
 * A page in its own chunk (docs/web.md), which can also be loaded ahead of rendering (main.tsx waits for the first
 * route's page). Each mounted page decides once whether it still needs React.lazy, so it never switches component
 * type (and loses state) when the chunk arrives. A page that uses MUI loads it with its chunk and renders in a MuiScope
 * (theme/MuiScope.tsx); `plain` pages (src/ui only) do not load MUI.
 */
function lazyPage(load: () => Promise<{ default: ComponentType }>, { plain = false } = {}): LazyPage {
  let loaded: ComponentType | null = null;
  let loading: Promise<{ default: ComponentType }> | null = null;
  // One load at a time, kept once it succeeded (a failed one, e.g. after a deployment, may be tried again).
  const fetchPage = () =>
    (loading ??= (plain ? load() : loadWithMui(load)).then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const Lazy = lazy(fetchPage);
  function Page() {
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  return { Page, preload: () => fetchPage().then(() => undefined) };
}

// One lazy chunk per page (docs/web.md), so the home page's initial JavaScript stays small; which pages load MUI with
// them is decided by route-meta-lite.ts.
const pages = {
  home: lazyPage(() => import('../features/square/HomePage'), { plain: !usesMui('/') }),
  musicList: lazyPage(() => import('../features/square/MusicListPage'), { plain: !usesMui('/musicList') }),
  create: lazyPage(() => import('../features/create/CreatePage'), { plain: !usesMui('/create') }),
  mywork: lazyPage(() => import('../features/works/MyWorkPage'), { plain: !usesMui('/mywork') }),
  member: lazyPage(() => import('../features/member/MemberPage'), { plain: !usesMui('/member') }),
  payment: lazyPage(() => import('../features/member/PaymentPage'), { plain: !usesMui('/payment') }),
  profile: lazyPage(() => import('../features/profile/ProfilePage'), { plain: !usesMui('/profile') }),
  musicPlayer: lazyPage(() => import('../features/player/PlayerPage'), { plain: !usesMui('/musicPlayer') }),
  contactUs: lazyPage(() => import('../features/info/ContactPage'), { plain: !usesMui('/contactUs') }),
  faq: lazyPage(() => import('../features/info/FaqPage'), { plain: !usesMui('/faq') }),
  about: lazyPage(() => import('../features/info/AboutPage'), { plain: !usesMui('/about') }),
  notFound: lazyPage(() => import('./NotFoundPage'), { plain: !usesMui('/no-such-page') }),
};
type PageName = keyof typeof pages;

function page(name: PageName) {
  const { Page } = pages[name];
  return (
    <Suspense fallback={<StatusState kind="loading" />}>
      <Page />
    </Suspense>
  );
}

/** Loads the chunk of the page at `pathname` (a route of ROUTE_PATHS, else the 404 page). */
export function preloadRoute(pathname: string): Promise<void> {
  const name = pathname.replace(/^\/+|\/+$/g, '');
  const known = name === '' ? 'home' : name in pages && name !== 'home' && name !== 'notFound' ? (name as PageName) : 'notFound';
  return pages[known].preload();
}

/** The routes (docs/web.md), listed in route-meta-lite.ts with the ones that load MUI. */
export { ROUTE_PATHS } from './route-meta-lite';

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    children: [
      { index: true, element: page('home') },
      { path: 'create', element: page('create') },
      { path: 'mywork', element: page('mywork') },
      { path: 'member', element: page('member') },
      { path: 'profile', element: page('profile') },
      { path: 'payment', element: page('payment') },
      { path: 'musicPlayer', element: page('musicPlayer') },
      { path: 'musicList', element: page('musicList') },
      { path: 'contactUs', element: page('contactUs') },
      { path: 'faq', element: page('faq') },
      { path: 'about', element: page('about') },
      { path: '*', element: page('notFound') },
    ],
  },
];
