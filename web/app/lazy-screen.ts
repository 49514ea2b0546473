import { createElement, lazy, useState, type ComponentType } from 'react';

export interface LazyScreen {
  /** The screen: suspends (nearest <Suspense>) until its chunk is in; renders at once when it is already in. */
  Component: ComponentType;
  /** Starts fetching the chunk now (the router does it for every screen a path shows, at once). */
  preload(): Promise<unknown>;
}

/**
 * A screen in a chunk of its own. `preload` lets the router fetch the session gate, the layout
 * and the screen of a workspace path side by side rather than one after the other as each renders.
 *
 * A screen whose chunk is already in (preloaded while the gate waited for the user) renders at
 * once rather than through `React.lazy`, which suspends on its first render even then: a suspended
 * first paint shows the gate's loader again, and React then holds the screen back for 300 ms after
 * that loader (its throttle of Suspense reveals) — on a cold load, a third of a second with the
 * main thread idle before the screen asks for its data.
 */
export function lazyScreen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyScreen {
  let pending: Promise<{ default: ComponentType }> | null = null;
  let loaded: ComponentType | null = null;
  const preload = () =>
    (pending ??= load().then(
      (module) => {
        loaded = pick(module);
        return { default: loaded };
      },
      (err: unknown) => {
        pending = null;
        throw err;
      },
    ));
  const Lazy = lazy(preload);
  function Screen() {
    // Chosen once per mount: an instance that went through `lazy` keeps it (switching would remount the screen).
    const [direct] = useState(() => loaded);
    return direct ? createElement(direct) : createElement(Lazy);
  }
  return { Component: Screen, preload };
}
