/**
 * Words of the settings screen that common/messages.ts does not hold yet; they belong there,
 * next to the rest of the catalogue (MSG.settings).
 */
export const SETTINGS_TEXT = {
  inviteAskAdmin: 'Only admins can invite people. Ask an admin of your organization for an invitation link.',
  inviteHelp: 'Anyone with this link can create an account in your organization, as a User, until it expires. Admins can promote members later.',
  slackNotConnected:
    'Slack is not connected on this server yet. Once an administrator of this Coverwatch server sets it up, you can install Coverwatch in your Slack workspace from here.',
  notificationsPending:
    'Email notifications for each project arrive together with alerts. There is nothing to set up yet: this card will list your projects with their notification settings.',
} as const;
