import Paper from '@mui/material/Paper';
import { useDeferredValue } from 'react';
import { useSearchParams } from 'react-router';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { SongList } from '../../components/SongList';
import { StatusState } from '../../components/StatusState';
import { ApiError } from '../../lib/api-client';
import { decodeBase64 } from '../../lib/base64';
import { useHydrated } from '../../lib/hydration';
import { zh } from '../../strings/zh-CN';
import { zhMusicList } from '../../strings/music-list';
import { useSearchMusic } from './api/useSearchMusic';
import { SearchBox } from './components/SearchBox';
import { DEFAULT_LIST_COVER } from './links';

/**
 * /musicList?type&keyword&img (all base64): a cover with the list title, then the songs (docs/web.md).
 * Songs are fetched only when img is present. The page starts loading; an empty result or a network failure
 * ends it; other failures leave it loading (the API client has shown the server's message). A row opens the player
 * on the whole list (ids) at that row (index); its button plays the song in place.
 *
 * The build renders it (scripts/prerender.mjs) as every link of the app opens it, before its address is read: the
 * default cover (the page's largest paint, so it is in the HTML and loads at once), the loading state and an empty
 * search box; the browser hydrates that, and then the title, the cover a link names and the songs come in
 * (docs/web-performance.md, "Pages rendered by the build").
 */
export default function MusicListPage() {
  const [params] = useSearchParams();
  // While React hydrates, the page renders as the build did (lib/hydration.ts).
  const hydrated = useHydrated();
  const read = (name: string) => (hydrated ? decodeBase64(params.get(name)) : null);
  const type = read('type') ?? '';
  const keyword = read('keyword')?.trim() ?? '';
  const img = hydrated ? (read('img') ?? '') : DEFAULT_LIST_COVER;
  const canFetch = img.length > 0 && keyword.length > 0;
  const query = useSearchMusic(keyword, canFetch);
  // The songs render from a deferred value: the query's answer re-renders this page at once and in one piece (TanStack
  // Query subscribes through useSyncExternalStore), with the list as it was; the list itself then renders in React's
  // background render, in slices (docs/web-performance.md, "Rendering in slices").
  const songs = useDeferredValue(query.data);
  // A search's list shows its word in the search box (a box of its own once it has one: `key`).
  const searched = type === zh.square.searchTitle(keyword) ? keyword : '';

  let body;
  if (!hydrated) body = <StatusState kind="loading" />;
  else if (!canFetch) body = <StatusState kind="empty" />;
  else if (query.isError) {
    const network =
      query.error instanceof ApiError && (query.error.kind === 'network' || query.error.kind === 'timeout');
    body = network ? <StatusState kind="error" /> : <StatusState kind="loading" />;
  } else if (query.isPending || songs === undefined) body = <StatusState kind="loading" />;
  else if (songs.length === 0) body = <StatusState kind="empty" />;
  else body = <SongList songs={songs} />;

  return (
    <PageContainer maxWidth={960}>
      <PageTitle title={zhMusicList.title} />
      <div className="gq-list-search">
        <SearchBox key={searched} initial={searched} />
      </div>
      {img ? (
        <div className="gq-list-cover">
          <img src={img} alt={zhMusicList.cover(type || zhMusicList.title)} fetchPriority="high" />
          {type ? (
            <div className="gq-list-cover-caption">
              <h2>{type}</h2>
            </div>
          ) : null}
        </div>
      ) : type ? (
        <h2 className="gq-h2 gq-list-type">{type}</h2>
      ) : null}
      <Paper variant="outlined" className="gq-panel gq-list-panel">
        {body}
      </Paper>
    </PageContainer>
  );
}
