import { lazy, type RefObject, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { announceHydrated } from '../lib/early-clicks';
import type { RouteObject } from 'react-router';
import { lazyPart } from '../lib/lazy-part';
import { AppLayout } from './layout/AppLayout';

interface LazyPage {
  Page: ComponentType;
  /** Loads the page's chunk; once it resolved, the page renders without suspending. */
  preload: () => Promise<void>;
}

/**
 * A page in its own chunk (docs/web.md), which can also be loaded ahead of rendering (main.tsx waits for the first
 * route's page). Each mounted page decides once whether it still needs React.lazy, so it never switches component
 * type (and loses state) when the chunk arrives.
 */
function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | null = null;
  let loading: Promise<{ default: ComponentType }> | null = null;
  // One load at a time, kept once it succeeded (a failed one, e.g. after a deployment, may be tried again).
  const fetchPage = () =>
    (loading ??= load().then(
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

// The loading state a navigation shows until the next page's code has come: its code (StatusState and MUI's
// CircularProgress) loads with the first page that needs it, not with the app; until then its box is kept.
const PageLoading = lazyPart(() => import('./PageLoading'), <div className="gq-page-loading-room" />);

// One lazy chunk per page (docs/web.md), so the home page's initial JavaScript stays small.
const pages = {
  home: lazyPage(() => import('../features/square/HomePage')),
  musicList: lazyPage(() => import('../features/square/MusicListPage')),
  create: lazyPage(() => import('../features/create/CreatePage')),
  mywork: lazyPage(() => import('../features/works/MyWorkPage')),
  member: lazyPage(() => import('../features/member/MemberPage')),
  payment: lazyPage(() => import('../features/member/PaymentPage')),
  profile: lazyPage(() => import('../features/profile/ProfilePage')),
  musicPlayer: lazyPage(() => import('../features/player/PlayerPage')),
  contactUs: lazyPage(() => import('../features/info/ContactPage')),
  faq: lazyPage(() => import('../features/info/FaqPage')),
  about: lazyPage(() => import('../features/info/AboutPage')),
  notFound: lazyPage(() => import('./NotFoundPage')),
};
type PageName = keyof typeof pages;

/** Runs once the page's boundary has hydrated (or rendered): clicks held on the page's markup go through now. */
function PageHydrated({ partRef }: { partRef: RefObject<HTMLDivElement | null> }) {
  useEffect(() => announceHydrated(partRef.current), [partRef]);
  return null;
}

/**
 * A route's page in a Suspense boundary of its own. In a page the build rendered, React hydrates that boundary after
 * the app's first commit (when #root is marked hydrated), so the page's element is a part of its own for the held
 * clicks (lib/early-clicks.ts, ui.css .gq-part: no box of its own): a click on the page's markup made before then is
 * dispatched again once the page itself has hydrated, not when the app shell has.
 */
function PageBoundary({ name }: { name: PageName }) {
  const { Page } = pages[name];
  const partRef = useRef<HTMLDivElement>(null);
  return (
    <div className="gq-part" ref={partRef}>
      <Suspense fallback={<PageLoading />}>
        <Page />
        <PageHydrated partRef={partRef} />
      </Suspense>
    </div>
  );
}

function page(name: PageName) {
  return <PageBoundary name={name} />;
}

/** Loads the chunk of the page at `pathname` (a route of ROUTE_PATHS, else the 404 page). */
export function preloadRoute(pathname: string): Promise<void> {
  const name = pathname.replace(/^\/+|\/+$/g, '');
  const known =
    name === '' ? 'home' : name in pages && name !== 'home' && name !== 'notFound' ? (name as PageName) : 'notFound';
  return pages[known].preload();
}

/** docs/web.md: history mode, base /, these routes; anything else is the 404 page. */
export const ROUTE_PATHS = [
  '/',
  '/create',
  '/mywork',
  '/member',
  '/profile',
  '/payment',
  '/musicPlayer',
  '/musicList',
  '/contactUs',
  '/faq',
  '/about',
] as const;

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
