// What the build writes into each route's own HTML page (vite.config.ts, scripts/route-pages.ts; docs/web-performance.md):
// the document title, the meta description, the heading the first screen shows before JavaScript runs, and the page
// module whose chunk is preloaded. Data only (the build imports it in Node).
import { zh } from '../strings/zh-CN';
import { zhMeta } from '../strings/meta';
import { zhInfo } from '../strings/info';
import { zhCreate } from '../strings/create';
import { zhWorks } from '../strings/works';
import { zhPlayer } from '../strings/player';
import { zhMember } from '../strings/member';
import { zhPayment } from '../strings/payment';
import { zhProfile } from '../strings/profile';
import { zhMusicList } from '../strings/music-list';

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
   * The page is drawn from its address's query (the player's song), which the build cannot know: its HTML has
   * the app shell with the route's heading, and the app renders the page itself (app/start.tsx). Every other route's
   * HTML is the page as the build rendered it, which the app hydrates (docs/web-performance.md).
   */
  fromQuery?: boolean;
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
    title: zhMeta.homeTitle,
    description: zhMeta.home,
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
    title: zh.app.documentTitle(zhCreate.title),
    description: zhMeta.create,
    heading: zhCreate.title,
    subtitle: zhCreate.subtitle,
    module: 'features/create/CreatePage.tsx',
  },
  {
    path: '/mywork',
    title: zh.app.documentTitle(zhWorks.title),
    description: zhMeta.mywork,
    heading: zhWorks.title,
    module: 'features/works/MyWorkPage.tsx',
  },
  {
    path: '/member',
    title: zh.app.documentTitle(zhMember.title),
    description: zhMeta.member,
    heading: zhMember.title,
    subtitle: zhMember.subtitle,
    module: 'features/member/MemberPage.tsx',
  },
  {
    path: '/profile',
    title: zh.app.documentTitle(zhProfile.title),
    description: zhMeta.profile,
    heading: zhProfile.title,
    module: 'features/profile/ProfilePage.tsx',
  },
  {
    path: '/payment',
    title: zh.app.documentTitle(zhPayment.title),
    description: zhMeta.payment,
    heading: zhPayment.title,
    module: 'features/member/PaymentPage.tsx',
  },
  {
    path: '/musicPlayer',
    title: zh.app.documentTitle(zhPlayer.title),
    description: zhMeta.player,
    heading: zhPlayer.title,
    module: 'features/player/PlayerPage.tsx',
    fromQuery: true,
  },
  {
    path: '/musicList',
    title: zh.app.documentTitle(zhMusicList.title),
    description: zhMeta.musicList,
    heading: zhMusicList.title,
    module: 'features/square/MusicListPage.tsx',
  },
  {
    path: '/contactUs',
    title: zh.app.documentTitle(zhInfo.contactTitle),
    description: zhMeta.contactUs,
    heading: zhInfo.contactTitle,
    subtitle: zhInfo.contact.lead,
    module: 'features/info/ContactPage.tsx',
    info: true,
  },
  {
    path: '/faq',
    title: zh.app.documentTitle(zhInfo.faqTitle),
    description: zhMeta.faq,
    heading: zhInfo.faqTitle,
    subtitle: zhInfo.faq.lead,
    module: 'features/info/FaqPage.tsx',
    info: true,
  },
  {
    path: '/about',
    title: zh.app.documentTitle(zhInfo.aboutTitle),
    description: zhMeta.about,
    heading: zhInfo.aboutTitle,
    subtitle: zhInfo.about.lead,
    module: 'features/info/AboutPage.tsx',
    info: true,
  },
];
