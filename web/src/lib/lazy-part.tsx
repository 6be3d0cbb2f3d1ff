// Parts of a page whose code loads after the page's own (docs/web-performance.md, "Hydrated in parts"). In a page the
// build rendered, React keeps a part's markup from the build while its chunk downloads and hydrates it when it
// arrives (the part sits in a <Suspense> boundary), so the first screen's code is smaller and the rest follows.
import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';

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
  function Inner(props: P) {
    // Decided once per mount, so the component never changes type (and loses its state) when the chunk arrives.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  function Part(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Inner {...props} />
      </Suspense>
    );
  }
  return Object.assign(Part, { preload });
}

/** Loads every part's module (the build does, before it renders a page with them). */
export function preloadParts(): Promise<void> {
  return Promise.all(preloads.map((preload) => preload())).then(() => undefined);
}
