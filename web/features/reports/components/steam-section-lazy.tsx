import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { hasSteam, useReportSteam } from '../api/steam';
import type { SteamSectionProps } from './steam-section';

const Section = lazy(() => import('./steam-section'));

/** How close to the screen the section's place comes before its code is fetched (px). */
const NEAR_PX = 800;

/**
 * The report's Steam section in a chunk of its own. The summary is asked here (a small call); the
 * chunk (the section and its charts) comes only when the project follows a Steam app, and — on
 * screen — only once the reader scrolls near the end of the report where it sits, as a lazy image
 * would: the page's first load stays what its first screens need (issue 28's 150 KB). Printed, it
 * loads at once and the PDF waits for its chart.
 */
export function LazySteamSection({
  reportId,
  isPublic,
  show,
  print,
  onSettled,
}: Omit<SteamSectionProps, 'summary'> & { reportId: string; isPublic: boolean; show: boolean }) {
  const steam = useReportSteam(reportId, isPublic, show);
  const visible = hasSteam(steam.data);
  const near = useNear(visible && !print);
  // On screen, nothing waits for a section that draws when it is reached.
  const settledEmpty = !show || (!steam.loading && (!visible || !print));
  useEffect(() => {
    if (settledEmpty) onSettled?.();
  }, [settledEmpty, onSettled]);
  if (!visible) return null;
  if (!print && !near.reached) return <div ref={near.ref} data-testid="steam-section-placeholder" style={{ minHeight: 1 }} />;
  return (
    <Suspense fallback={null}>
      <Section summary={steam.data!} print={print} onSettled={print ? onSettled : undefined} />
    </Suspense>
  );
}

/** Whether an element has come within NEAR_PX of the viewport (at once where IntersectionObserver is missing). */
function useNear(watch: boolean): { ref: (el: HTMLDivElement | null) => void; reached: boolean } {
  const [reached, setReached] = useState(false);
  const observer = useRef<IntersectionObserver | null>(null);
  useEffect(() => () => observer.current?.disconnect(), []);
  const ref = (el: HTMLDivElement | null) => {
    observer.current?.disconnect();
    if (!el || !watch || reached) return;
    if (typeof IntersectionObserver === 'undefined') {
      setReached(true);
      return;
    }
    observer.current = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.current?.disconnect();
          setReached(true);
        }
      },
      { rootMargin: `${NEAR_PX}px 0px` },
    );
    observer.current.observe(el);
  };
  return { ref, reached };
}
