import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteObject } from 'react-router';
import { StatusState } from '../components/StatusState';
import { AppLayout } from './layout/AppLayout';

// One lazy chunk per page (docs/web.md), so the home page's initial JavaScript stays small.
const HomePage = lazy(() => import('../features/square/HomePage'));
const MusicListPage = lazy(() => import('../features/square/MusicListPage'));
const CreatePage = lazy(() => import('../features/create/CreatePage'));
const MyWorkPage = lazy(() => import('../features/works/MyWorkPage'));
const MemberPage = lazy(() => import('../features/member/MemberPage'));
const PaymentPage = lazy(() => import('../features/member/PaymentPage'));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage'));
const PlayerPage = lazy(() => import('../features/player/PlayerPage'));
const ContactPage = lazy(() => import('../features/info/ContactPage'));
const FaqPage = lazy(() => import('../features/info/FaqPage'));
const AboutPage = lazy(() => import('../features/info/AboutPage'));
const NotFoundPage = lazy(() => import('./NotFoundPage'));

function page(Component: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<StatusState kind="loading" />}>
      <Component />
    </Suspense>
  );
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
      { index: true, element: page(HomePage) },
      { path: 'create', element: page(CreatePage) },
      { path: 'mywork', element: page(MyWorkPage) },
      { path: 'member', element: page(MemberPage) },
      { path: 'profile', element: page(ProfilePage) },
      { path: 'payment', element: page(PaymentPage) },
      { path: 'musicPlayer', element: page(PlayerPage) },
      { path: 'musicList', element: page(MusicListPage) },
      { path: 'contactUs', element: page(ContactPage) },
      { path: 'faq', element: page(FaqPage) },
      { path: 'about', element: page(AboutPage) },
      { path: '*', element: page(NotFoundPage) },
    ],
  },
];
