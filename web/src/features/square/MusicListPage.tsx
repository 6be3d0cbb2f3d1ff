import Paper from '@mui/material/Paper';
import { useSearchParams } from 'react-router';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { SongList } from '../../components/SongList';
import { StatusState } from '../../components/StatusState';
import { ApiError } from '../../lib/api-client';
import { decodeBase64 } from '../../lib/base64';
import { zh } from '../../strings/zh-CN';
import { zhMusicList } from '../../strings/music-list';
import { useSearchMusic } from './api/useSearchMusic';
import { SearchBox } from './components/SearchBox';

/**
 * /musicList?type&keyword&img (all base64): a cover with the list title, then the songs (docs/web.md).
 * Songs are fetched only when img is present. The page starts loading; an empty result or a network failure
 * ends it; other failures leave it loading (the API client has shown the server's message). A row opens the player
 * on the whole list (ids) at that row (index); its button plays the song in place. Plain components (src/ui), like the
 * square. The cover is the page's largest paint, so it loads at once (the entry has
 * already asked for it: lib/early-fetch.ts).
 */
export default function MusicListPage() {
  const [params] = useSearchParams();
  const type = decodeBase64(params.get('type')) ?? '';
  const keyword = decodeBase64(params.get('keyword'))?.trim() ?? '';
  const img = decodeBase64(params.get('img')) ?? '';
  const canFetch = img.length > 0 && keyword.length > 0;
  const query = useSearchMusic(keyword, canFetch);

  let body;
  if (!canFetch) body = <StatusState kind="empty" />;
  else if (query.isError) {
    const network =
      query.error instanceof ApiError && (query.error.kind === 'network' || query.error.kind === 'timeout');
    body = network ? <StatusState kind="error" /> : <StatusState kind="loading" />;
  } else if (query.isPending) body = <StatusState kind="loading" />;
  else if (query.data.length === 0) body = <StatusState kind="empty" />;
  else body = <SongList songs={query.data} />;

  return (
    <PageContainer maxWidth={960}>
      <PageTitle title={zhMusicList.title} />
      <div className="gq-list-search">
        <SearchBox key={keyword} initial={type === zh.square.searchTitle(keyword) ? keyword : ''} />
      </div>
      {img ? (
        <div className="gq-list-cover">
          <img src={img} alt={zhMusicList.cover(type || zhMusicList.title)} fetchPriority="high" />
          <div className="gq-list-cover-caption">
            <h2>{type}</h2>
          </div>
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
