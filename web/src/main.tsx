// The entry: deliberately tiny. It sets the colour scheme class, starts the first screen's GETs, lets the browser paint
// the app shell of the route's page, and only then preloads the app's chunks (all at once: the page lists them in
// <meta name="gequ-chunks"> and the parts' in <meta name="gequ-parts">, scripts/route-pages.ts) and starts the app (app/boot.tsx), so the first paint never waits
// for the app's JavaScript to download, compile or run (docs/web-performance.md).
import { holdEarlyClicks } from './lib/early-clicks';
import { startEarlyFetches, storedToken } from './lib/early-fetch';
import { markSessionHint } from './lib/session-hint';
import { initColorScheme } from './theme/init-color-scheme';
import './ui/ui.css';

initColorScheme();
// Whether a login token is stored, for the pages that draw both a visitor's and a user's state (lib/session-hint.ts).
const token = storedToken();
markSessionHint(token);
// A click on the painted page before its code has hydrated it is answered once it has (lib/early-clicks.ts).
holdEarlyClicks();
// The first screen's data is asked for now (lib/early-fetch.ts). Where the entry draws part of the first screen from
// it (/mywork's first cards, signed in: lib/works-preview.ts), the app's code is asked for once that has been painted:
// the covers, the page's largest paint, do not share a slow network and the main thread with the app's 200 KB.
const drawn = startEarlyFetches(location.pathname, token, location.search);
// Adding a <link rel="modulepreload"> starts its fetch there and then, a few milliseconds each on a slow phone: a
// route's 25 to 40 of them in one task made the longest task of the page's start (docs/web-performance.md, "The app's
// code after the first paint"), so they go one per task, in the page's order (the app's chunks, then the parts).
const boot = () => {
  // The app's and the page's chunks (<meta name="gequ-chunks">), then the parts the page loads at once
  // (lib/lazy-part.tsx) with their imports (<meta name="gequ-parts">, written after it), and, when a token is stored,
  // those it loads at once for a signed-in user (gequ-user-parts: /mywork's card list).
  const hrefs = [...document.querySelectorAll<HTMLMetaElement>(`meta[name^=gequ-]${token ? '' : ':not([name*=user])'}`)]
    .flatMap((meta) => meta.content.split(' '))
    .filter(Boolean);
  const preloadSome = () => {
    for (const href of hrefs.splice(0, 1))
      document.head.append(
        Object.assign(document.createElement('link'), { rel: 'modulepreload', crossOrigin: '', href }),
      );
    if (hrefs.length) setTimeout(preloadSome);
  };
  // The first (the app's start, app/boot.tsx) before it is imported, the rest in the tasks after.
  preloadSome();
  void import('./app/boot');
};
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(() => void drawn.then(boot)));
else boot();
