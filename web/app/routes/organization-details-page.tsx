import { OrganizationDetailsPage } from '../../features/organizations/routes/organization-details-page';
import { OutletsCard } from '../../features/sources/components/outlets-card';

/** /organization-details/{projectId}: the organization, and for its admins the outlets they may suggest. */
export function OrganizationDetailsScreen() {
  return <OrganizationDetailsPage adminSections={<OutletsCard />} />;
}
