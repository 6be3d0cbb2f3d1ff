// The entry: deliberately tiny. It sets the colour scheme class, starts the first screen's GETs, lets the browser paint
// the app shell of the route's page, and only then preloads the app's chunks (the page lists them in
// <meta name="gequ-chunks"> and the parts' in <meta name="gequ-parts">, scripts/route-pages.ts) and, once they have
// arrived, starts the app (app/boot.tsx), so the first paint never waits for the app's JavaScript to download, compile
// or run (docs/web-performance.md).
import { holdEarlyClicks } from './lib/early-clicks';
import { startEarlyFetches, storedToken } from './lib/early-fetch';
import { preloadThenStart } from './lib/preload-chunks';
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
// The app's chunks are preloaded one per task (a route's 25 to 40 <link rel="modulepreload"> in one task made the
// longest task of the page's start: docs/web-performance.md, "The app's code after the first paint"), in the page's
// order (the app's chunks, then the parts), and the app starts once they have all arrived: the browser compiles each
// chunk on a background thread as it arrives, and while it does, on a phone's few cores, the page's own tasks take
// longer (docs/web-performance.md, "The app starts once its code has arrived"). lib/preload-chunks.ts.
const boot = () => {
  // The app's and the page's chunks (<meta name="gequ-chunks">), then the parts the page loads at once
  // (lib/lazy-part.tsx) with their imports (<meta name="gequ-parts">, written after it), and, when a token is stored,
  // those it loads at once for a signed-in user (gequ-user-parts: /mywork's card list).
  const hrefs = [...document.querySelectorAll<HTMLMetaElement>(`meta[name^=gequ-]${token ? '' : ':not([name*=user])'}`)]
    .flatMap((meta) => meta.content.split(' '))
    .filter(Boolean);
  preloadThenStart(hrefs, () => void import('./app/boot'));
};
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(() => void drawn.then(boot)));
else boot();
