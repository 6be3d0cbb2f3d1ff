// What the build writes into each route's own HTML page (vite.config.ts, scripts/route-pages.ts; docs/web-performance.md):
// the document title, the meta description, the heading the first screen shows before JavaScript runs, and the page
// module whose chunk is preloaded. Data only (the build imports it in Node).
import { zh } from '../strings/zh-CN';

export interface RouteMeta {
  /** The route path (docs/product.md); the page is written to <path>/index.html ('/' is index.html). */
  path: string;
  /** The <title>. */
  title: string;
  description: string;
  /** The page's h1 (and subtitle) as the app shell paints them before the app starts. */
  heading: string;
  subtitle?: string;
  /** The page module, relative to src/, whose chunk (and its imports) the page preloads. */
  module: string;
  /** Info pages use the wider reading layout (features/info/components/InfoLayout.tsx). */
  info?: boolean;
  /**
   * The music square's shell also shows its search box and the quick-start box with its placeholder: that placeholder
   * is the page's largest text, and painting it with the shell makes it the largest paint at the first paint
   * (docs/web-performance.md, "An app shell that paints before JavaScript").
   */
  square?: { search: string; searchSubmit: string; quickStartLabel: string; quickStartPlaceholder: string };
}

export const ROUTE_META: readonly RouteMeta[] = [
  {
    path: '/',
    title: zh.meta.homeTitle,
    description: zh.meta.home,
    heading: zh.square.title,
    subtitle: zh.square.subtitle,
    module: 'features/square/HomePage.tsx',
    square: {
      search: zh.square.searchPlaceholder,
      searchSubmit: zh.square.searchSubmit,
      quickStartLabel: zh.square.quickStartLabel,
      quickStartPlaceholder: zh.square.quickStartPlaceholder,
    },
  },
  {
    path: '/create',
    title: zh.app.documentTitle(zh.create.title),
    description: zh.meta.create,
    heading: zh.create.title,
    subtitle: zh.create.subtitle,
    module: 'features/create/CreatePage.tsx',
  },
  {
    path: '/mywork',
    title: zh.app.documentTitle(zh.works.title),
    description: zh.meta.mywork,
    heading: zh.works.title,
    module: 'features/works/MyWorkPage.tsx',
  },
  {
    path: '/member',
    title: zh.app.documentTitle(zh.member.title),
    description: zh.meta.member,
    heading: zh.member.title,
    subtitle: zh.member.subtitle,
    module: 'features/member/MemberPage.tsx',
  },
  {
    path: '/profile',
    title: zh.app.documentTitle(zh.profile.title),
    description: zh.meta.profile,
    heading: zh.profile.title,
    module: 'features/profile/ProfilePage.tsx',
  },
  {
    path: '/payment',
    title: zh.app.documentTitle(zh.payment.title),
    description: zh.meta.payment,
    heading: zh.payment.title,
    module: 'features/member/PaymentPage.tsx',
  },
  {
    path: '/musicPlayer',
    title: zh.app.documentTitle(zh.player.title),
    description: zh.meta.player,
    heading: zh.player.title,
    module: 'features/player/PlayerPage.tsx',
  },
  {
    path: '/musicList',
    title: zh.app.documentTitle(zh.musicList.title),
    description: zh.meta.musicList,
    heading: zh.musicList.title,
    module: 'features/square/MusicListPage.tsx',
  },
  {
    path: '/contactUs',
    title: zh.app.documentTitle(zh.info.contactTitle),
    description: zh.meta.contactUs,
    heading: zh.info.contactTitle,
    subtitle: zh.info.contact.lead,
    module: 'features/info/ContactPage.tsx',
    info: true,
  },
  {
    path: '/faq',
    title: zh.app.documentTitle(zh.info.faqTitle),
    description: zh.meta.faq,
    heading: zh.info.faqTitle,
    subtitle: zh.info.faq.lead,
    module: 'features/info/FaqPage.tsx',
    info: true,
  },
  {
    path: '/about',
    title: zh.app.documentTitle(zh.info.aboutTitle),
    description: zh.meta.about,
    heading: zh.info.aboutTitle,
    subtitle: zh.info.about.lead,
    module: 'features/info/AboutPage.tsx',
    info: true,
  },
];
