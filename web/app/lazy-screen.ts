import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface LazyScreen {
  /** The screen: suspends (nearest <Suspense>) until its chunk is in. */
  Component: LazyExoticComponent<ComponentType>;
  /** Starts fetching the chunk now (the router does it for every screen a path shows, at once). */
  preload(): Promise<unknown>;
}

/**
 * A screen in a chunk of its own. `preload` lets the router fetch the session gate, the layout
 * and the screen of a workspace path side by side rather than one after the other as each renders.
 */
export function lazyScreen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyScreen {
  let pending: Promise<{ default: ComponentType }> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (module) => ({ default: pick(module) }),
      (err: unknown) => {
        pending = null;
        throw err;
      },
    ));
  return { Component: lazy(preload), preload };
}
