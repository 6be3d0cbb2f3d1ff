import { type ComponentType, lazy, useState } from 'react';

export interface LazyComponent<P extends object> {
  /** Renders the component, suspending (under a Suspense boundary) until its chunk has loaded. */
  Component: ComponentType<P>;
  /** Loads the chunk; once it resolved, the component renders without suspending. */
  preload: () => Promise<void>;
}

/**
 * A component in a chunk of its own that can also be loaded ahead of rendering (app/boot.tsx waits for the first
 * route's page, and for the side menu on a wide screen). Each mounted instance decides once whether it still needs
 * React.lazy, so it never switches component type (and loses state) when the chunk arrives.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  const fetchComponent = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  const Lazy = lazy(() => fetchComponent().then((component) => ({ default: component })));
  function Component(props: P) {
    const [Chosen] = useState<ComponentType<P>>(() => loaded ?? (Lazy as unknown as ComponentType<P>));
    return <Chosen {...props} />;
  }
  return { Component, preload: () => fetchComponent().then(() => undefined) };
}
