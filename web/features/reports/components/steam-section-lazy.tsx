import { lazy, Suspense, useEffect } from 'react';
import { hasSteam, useReportSteam } from '../api/steam';
import type { SteamSectionProps } from './steam-section';

const Section = lazy(() => import('./steam-section'));

/**
 * The report's Steam section in a chunk of its own. The summary is asked here (a small call); the
 * chunk (the section and its charts) comes only when the report's project follows a Steam app, so a
 * report without Steam — most of them — loads nothing more. Nothing takes its place while it loads
 * (it sits at the end of the report).
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
  const settledEmpty = !show || (!steam.loading && !visible);
  useEffect(() => {
    if (settledEmpty) onSettled?.();
  }, [settledEmpty, onSettled]);
  if (!visible) return null;
  return (
    <Suspense fallback={null}>
      <Section summary={steam.data!} print={print} onSettled={onSettled} />
    </Suspense>
  );
}
