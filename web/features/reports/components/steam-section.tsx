import { useEffect } from 'react';
import type { SteamSummaryAttributes } from '../../../../common/schemas/steam';
import { SteamEvents } from '../../../components/steam/steam-events';
import { SteamReviewsChart } from '../../../components/steam/steam-reviews-chart';
import { ReportSection } from './report-section';

export interface SteamSectionProps {
  /** The report's Steam summary (GET reports/{id}/steam), for a project that follows at least one app. */
  summary: SteamSummaryAttributes;
  print?: boolean;
  /** Told once the section has settled: its chart drawn, or nothing to chart (nothing read yet). The PDF's ready mark waits for it. */
  onSettled?: () => void;
}

/**
 * "Steam": the developer's announcements and each day's reviews of the games the report's project
 * follows, over the report's period. Loaded lazily by steam-section-lazy.tsx, which asks for the
 * summary and loads this chunk only when the project follows an app: the public report's first
 * load does not carry it.
 */
export function SteamSection({ summary: s, print = false, onSettled }: SteamSectionProps) {
  const drawsChart = s.reviews.length > 0 && !s.apps.every((a) => a.state === 'pending' || a.state === 'not_found');
  useEffect(() => {
    if (!drawsChart) onSettled?.();
  }, [drawsChart, onSettled]);
  return (
    <ReportSection title="Steam" subtitle="The game’s announcements and its players’ reviews on Steam over the report’s period." testId="steam-section">
      <SteamReviewsChart summary={s} titleOrder={3} onDrawn={onSettled} height={print ? 200 : 220} />
      {s.events.length > 0 && <SteamEvents events={s.events} apps={s.apps} titleOrder={3} />}
    </ReportSection>
  );
}

export default SteamSection;
