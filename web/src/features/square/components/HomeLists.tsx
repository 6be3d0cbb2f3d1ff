import { zh } from '../../../strings/zh-CN';
import { useNewMusic } from '../api/useNewMusic';
import { usePopularMusic } from '../api/usePopularMusic';
import { musicListHref } from '../links';
import { SongSection } from './SongSection';

function PopularSection() {
  return (
    <SongSection
      title={zh.square.hotList}
      query={usePopularMusic()}
      moreHref={musicListHref(zh.square.hotList, 'fiery')}
    />
  );
}

function NewSection() {
  return (
    <SongSection title={zh.square.newSongs} query={useNewMusic()} moreHref={musicListHref(zh.square.newSongs, 'new')} />
  );
}

/**
 * The music square's hot list and newest songs (a part of HomePage, lib/lazy-part.tsx). Each list is read by the
 * section that shows it, so its answer re-renders only that section.
 */
export default function HomeLists() {
  return (
    <div className="gq-home-lists">
      <PopularSection />
      <NewSection />
    </div>
  );
}
