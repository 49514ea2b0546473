import { useEffect } from 'react';
import { SteamEvents } from '../../../components/steam/steam-events';
import { SteamReviewsChart } from '../../../components/steam/steam-reviews-chart';
import { hasSteam, useReportSteam } from '../api/steam';
import { ReportSection } from './report-section';

export interface SteamSectionProps {
  reportId: string;
  /** The `p/` call without a token (the public page), as the report view decides for its creators. */
  isPublic: boolean;
  /** The report's `show_steam`: false shows nothing and asks for nothing. */
  show: boolean;
  print?: boolean;
  /**
   * Told once the section has settled: drawn, or sure to show nothing (no app followed, the call
   * failed, show_steam off). The PDF's ready mark can wait for it.
   */
  onSettled?: () => void;
}

/**
 * "Steam": the developer's announcements and each day's reviews of the games the report's project
 * follows, over the report's period (GET reports/{id}/steam). Nothing when the project follows no
 * app or the report turns `show_steam` off. Loaded lazily (steam-section-lazy.tsx): the public
 * report's first load does not carry it.
 */
export function SteamSection({ reportId, isPublic, show, print = false, onSettled }: SteamSectionProps) {
  const steam = useReportSteam(reportId, isPublic, show);
  const visible = hasSteam(steam.data);
  // Drawn, the chart says so itself; nothing to draw (or nothing read yet to chart) settles at once.
  const drawsChart = visible && steam.data!.reviews.length > 0 && !steam.data!.apps.every((a) => a.state === 'pending' || a.state === 'not_found');
  const settledEmpty = !show || (!steam.loading && !drawsChart);
  useEffect(() => {
    if (settledEmpty) onSettled?.();
  }, [settledEmpty, onSettled]);
  if (!visible) return null;
  const s = steam.data!;
  return (
    <ReportSection title="Steam" subtitle="The game’s announcements and its players’ reviews on Steam over the report’s period." testId="steam-section">
      <SteamReviewsChart summary={s} titleOrder={3} onDrawn={onSettled} height={print ? 200 : 220} />
      {s.events.length > 0 && <SteamEvents events={s.events} apps={s.apps} titleOrder={3} />}
    </ReportSection>
  );
}

export default SteamSection;
