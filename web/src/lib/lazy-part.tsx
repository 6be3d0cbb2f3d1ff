// Parts of a page whose code loads after the page's own (docs/web-performance.md, "Hydrated in parts"). In a page the
// build rendered, React keeps a part's markup from the build while its chunk downloads and hydrates it when it
// arrives (the part sits in a <Suspense> boundary), so the first screen's code is smaller and the rest follows.
import {
  type ComponentType,
  lazy,
  memo,
  type ReactNode,
  type RefObject,
  Suspense,
  useEffect,
  useRef,
  useState,
} from 'react';
import { announceHydrated } from './early-clicks';

const preloads: (() => Promise<void>)[] = [];

/**
 * A component whose module loads on first render (or with preloadParts), in a Suspense boundary of its own that shows
 * `fallback` (the room it takes) in a client render until it has loaded. Once loaded it renders without suspending.
 */
export function lazyPart<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  fallback: ReactNode = null,
): ComponentType<P> & { preload: () => Promise<void> } {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const fetchPart = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const Lazy = lazy(fetchPart);
  const preload = () => fetchPart().then(() => undefined);
  preloads.push(preload);
  function Inner({ partRef, ...props }: { partRef: RefObject<HTMLDivElement | null> } & P) {
    // Decided once per mount, so the component never changes type (and loses its state) when the chunk arrives.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    // Runs once the part has rendered (or hydrated) with its code: clicks held on its markup go through now.
    useEffect(() => announceHydrated(partRef.current), [partRef]);
    return <Component {...(props as P)} />;
  }
  function Part(props: P) {
    // The part's element (ui.css .gq-part: no box of its own) tells the entry whether its markup is hydrated yet.
    const partRef = useRef<HTMLDivElement>(null);
    return (
      <div className="gq-part" ref={partRef}>
        <Suspense fallback={fallback}>
          <Inner partRef={partRef} {...props} />
        </Suspense>
      </div>
    );
  }
  return Object.assign(memo(Part) as unknown as ComponentType<P>, { preload });
}

/**
 * Loads every part's module (the build does, before it renders a page with them), and then the parts those modules
 * declared (a part's module may have parts of its own, or import one that has: StatusState's spinner).
 */
export async function preloadParts(): Promise<void> {
  for (let done = 0; done < preloads.length;) {
    const batch = preloads.slice(done);
    done = preloads.length;
    await Promise.all(batch.map((preload) => preload()));
  }
}
