/**
 * /operator/organizations: the platform operator's Organizations screen. TO BE IMPLEMENTED (issue
 * 14, trial helper): see /tmp/brief14/helper-b.md.
 */
export function OperatorOrganizationsPage() {
  return null;
}
