import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { LIMITS } from '../../../../../common/limits';
import { MSG } from '../../../../../common/messages';
import { toastSuccess } from '../../../../components/toasts';
import { notifications } from '@mantine/notifications';
import { TIMINGS } from '../../../../../common/limits';
import { fetchScreenshot, requestScreenshot } from '../../api/reports';
import type { ReportArticle, ReportScreenshot, ScreenshotAttributes } from '../../api/types';

export interface Highlight {
  article: ReportArticle;
  /** 'saving' until POST screenshots answers. */
  status: 'saving' | ScreenshotAttributes['status'];
  image_url: string | null;
  source: ScreenshotAttributes['source'];
}

const POLL_MS = 2000;
const POLL_TRIES = 45;

function toastFailure(message: string) {
  notifications.show({ color: 'red', title: 'Error', message, autoClose: TIMINGS.toastMs, withBorder: true });
}

/**
 * The wizard's highlighted articles (spec 000 §4): a click highlights at once and asks the
 * server for the picture; success says "Highlight saved!", a failure takes the highlight back
 * with "Something went wrong. Please try again."; a second click removes it locally with
 * "Highlight removed!". New highlights are refused at 20, or at the plan's screenshot limit.
 */
export function useHighlights(opts: { allowed: boolean; planLimit: number | undefined }) {
  const [items, setItems] = useState<Highlight[]>([]);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  const limit = Math.min(LIMITS.reportMaxHighlights, opts.planLimit ?? LIMITS.reportMaxHighlights);
  const blockedReason = !opts.allowed ? MSG.billing.upgrade : items.length >= limit ? `A report can have at most ${limit} highlights.` : null;

  const update = useCallback(
    (id: string, patch: Partial<Highlight>) => setItems((list) => list.map((h) => (h.article.id === id ? { ...h, ...patch } : h))),
    [],
  );
  const isOn = useCallback((id: string) => items.some((h) => h.article.id === id), [items]);

  /** Waits for the picture (screenshot, preview image or placeholder); a failed one says so. */
  const poll = useCallback(
    async (id: string) => {
      for (let i = 0; i < POLL_TRIES && alive.current; i++) {
        await new Promise((r) => setTimeout(r, POLL_MS));
        try {
          const shot = await fetchScreenshot(id);
          if (!alive.current) return;
          if (shot.status !== 'pending') {
            update(id, { status: shot.status, image_url: shot.image_url, source: shot.source });
            if (shot.status === 'failed') toastFailure(MSG.reports.imageError);
            return;
          }
        } catch {
          if (alive.current) toastFailure(MSG.reports.imageError);
          return;
        }
      }
    },
    [update],
  );

  const toggle = useCallback(
    async (article: ReportArticle) => {
      if (items.some((h) => h.article.id === article.id)) {
        setItems((list) => list.filter((h) => h.article.id !== article.id));
        toastSuccess(MSG.modal.highlightRemoved);
        return;
      }
      if (blockedReason) return;
      setItems((list) => [...list, { article, status: 'saving', image_url: null, source: null }]);
      try {
        const shot = await requestScreenshot(article.id, article.url);
        update(article.id, { status: shot.status, image_url: shot.image_url, source: shot.source });
        toastSuccess(MSG.modal.highlightSaved);
        if (shot.status === 'pending') void poll(article.id);
        else if (shot.status === 'failed') toastFailure(MSG.reports.imageError);
      } catch {
        setItems((list) => list.filter((h) => h.article.id !== article.id));
        toastFailure(MSG.modal.highlightFailed);
      }
    },
    [items, blockedReason, update, poll],
  );

  /** As report cards (the preview shows them like the published report will). */
  const cards: ReportScreenshot[] = useMemo(
    () =>
      items.map((h) => ({
        article_id: h.article.id,
        article_url: h.article.url,
        title: h.article.title,
        media: h.article.media,
        reach: h.article.reach,
        date: h.article.date,
        image_url: h.image_url,
        source: h.source,
        status: h.status === 'saving' ? 'pending' : h.status,
      })),
    [items],
  );

  return { items, cards, limit, blockedReason, isOn, toggle };
}
