/**
 * Words of this screen that common/messages.ts does not hold yet (they belong there):
 * billing is not wired on this server, and the notice for members who are not admins.
 */
export const ORG_DETAILS_TEXT = {
  billingNotConnected: 'Billing is not connected on this server yet, so the subscription cannot be managed here.',
  onlyAdminsTitle: 'Only admins can manage the organization',
  onlyAdmins: 'Ask an admin of your organization to change its name or logo, or to manage its members.',
} as const;
