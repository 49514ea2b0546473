import { WebsitesPage, type WebsitesView } from '../../features/websites/routes/websites-page';
import { SourcePacksPanel } from '../../features/sources/components/source-packs-panel';
import { SuggestionsPanel, SuggestionsTabLabel } from '../../features/sources/components/suggestions-panel';

const VIEWS: WebsitesView[] = [
  { value: 'packs', label: 'Source packs', panel: <SourcePacksPanel /> },
  { value: 'suggestions', label: <SuggestionsTabLabel />, panel: <SuggestionsPanel /> },
];

/** /websites: the monitored websites, and beside them the directory's source packs and the organizations' suggestions. */
export function WebsitesScreen() {
  return <WebsitesPage views={VIEWS} />;
}
