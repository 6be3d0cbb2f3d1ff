import { type ComponentType, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { StatusState } from '../components/StatusState';
import { lazyComponent } from '../lib/lazy';
import { AppLayout } from './layout/AppLayout';

/** A page in its own chunk (docs/web.md); app/boot.tsx loads the current route's before the first render. */
const lazyPage = (load: () => Promise<{ default: ComponentType }>) => lazyComponent(() => load().then((m) => m.default));

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

function page(name: PageName) {
  const { Component: Page } = pages[name];
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
