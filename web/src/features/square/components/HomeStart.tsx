import { QuickStart } from './QuickStart';
import { SearchBox } from './SearchBox';

/** The top of the music square: the search box and the quick start (a part of HomePage, lib/lazy-part.tsx). */
export default function HomeStart() {
  return (
    <>
      <SearchBox />
      <QuickStart />
    </>
  );
}
