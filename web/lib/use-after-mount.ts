import { startTransition, useEffect, useState } from 'react';

/**
 * False on a component's first render, true in a transition started once that render is on screen.
 * For drawing a costly part (a table's rows) after what is around it: the frame and the page's
 * header are committed first and the browser paints them while React renders the rest in slices
 * that yield.
 *
 * `useDeferredValue(true, false)` reads the same but does not do it when the component mounts
 * inside a render that is itself deferred (a parent's `useDeferredValue`, as the session gate's):
 * React then skips the initial value and the costly part is committed, and painted, with
 * everything else in one piece.
 */
export function useAfterMount(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    startTransition(() => setAfter(true));
  }, []);
  return after;
}
