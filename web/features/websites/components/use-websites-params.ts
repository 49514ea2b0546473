import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { FEED_HEALTH, type FeedHealth } from '../../../../common/schemas/sources';

export const HEALTH_PARAM = 'health';
export const VIEW_PARAM = 'view';
/** The view that lists the websites (the others are the app's: source packs, suggestions). */
export const LIST_VIEW = 'websites';

const isHealth = (v: string | null): v is FeedHealth => v !== null && (FEED_HEALTH as readonly string[]).includes(v);

/** `/websites?health=blocked`: the health filter (the crawler panel links to it); another word is ignored. */
export function useHealthParam(): [FeedHealth | null, (health: FeedHealth | null) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(HEALTH_PARAM);
  const set = useCallback(
    (health: FeedHealth | null) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (health) next.set(HEALTH_PARAM, health);
          else next.delete(HEALTH_PARAM);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [isHealth(raw) ? raw : null, set];
}

/** `/websites?view=packs`: the tab shown; the list whenever a health filter is asked for. */
export function useViewParam(views: readonly string[]): [string, (view: string) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(VIEW_PARAM);
  const view = params.has(HEALTH_PARAM) || !raw || !views.includes(raw) ? LIST_VIEW : raw;
  const set = useCallback(
    (next: string) =>
      setParams(
        (p) => {
          const out = new URLSearchParams(p);
          out.delete(HEALTH_PARAM);
          if (next === LIST_VIEW) out.delete(VIEW_PARAM);
          else out.set(VIEW_PARAM, next);
          return out;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [view, set];
}
