import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';

/**
 * A dialog or drawer whose code loads when it first opens: the workspace frame's project picker,
 * settings panel, upgrade dialog and the sources chooser are shown on a click, so no screen's
 * first load pays for them. Once loaded it stays mounted (closing animates as before); it mounts
 * closed and opens a frame later, so that its first opening animates too. A chunk that cannot be
 * fetched throws to the route's error boundary, which reloads the page once (a deploy).
 */
export function onDemand<P extends { opened: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Loaded = lazy(() =>
    load().then((Dialog) => ({
      default: function OpenedNextFrame(props: P) {
        const [mounted, setMounted] = useState(false);
        useEffect(() => setMounted(true), []);
        return <Dialog {...props} opened={props.opened && mounted} />;
      },
    })),
  );
  return function OnDemand(props: P) {
    const [wanted, setWanted] = useState(props.opened);
    if (props.opened && !wanted) setWanted(true);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
