import { IconReportAnalytics } from '@tabler/icons-react';
import type { RowAction } from '../../../components/data-table/row-actions';
import { analysisHref } from '../../../lib/links';
import { useCurrentUser } from '../../../lib/session';

/**
 * The row menus' "Request analysis" (000 §2 "Tables"; 001: "opens an external analyse address
 * with url and id"), as a list of zero or one action: none when the installation has no analysis
 * page (`ANALYSIS_URL` unset, told by `GET user` meta), so the item is hidden rather than dead.
 */
export function useRequestAnalysisAction(): (item: { url: string; id: string }) => RowAction[] {
  const base = useCurrentUser().data?.meta?.analysis_url;
  return (item) => {
    const href = analysisHref(base, item);
    if (!href) return [];
    // A new tab with no handle back on this one (noopener), as the feed's Open does.
    return [{ label: 'Request analysis', icon: <IconReportAnalytics size={16} />, onClick: () => window.open(href, '_blank', 'noopener,noreferrer') }];
  };
}
