import { lazy, Suspense, useEffect } from 'react';
import type { SteamSectionProps } from './steam-section';

const Section = lazy(() => import('./steam-section'));

/**
 * The report's Steam section in a chunk of its own: the public report's first load stays as it
 * was; the chunk (the section, its chart and its call) comes only for a report that shows Steam.
 * Nothing takes its place while it loads (it sits at the end of the report).
 */
export function LazySteamSection(props: SteamSectionProps) {
  const { show, onSettled } = props;
  useEffect(() => {
    if (!show) onSettled?.();
  }, [show, onSettled]);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <Section {...props} />
    </Suspense>
  );
}
