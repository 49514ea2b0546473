/**
 * /slack/installed: where the Slack install returns (success or the reason it failed).
 * TO BE IMPLEMENTED (issue 15): see /tmp/brief15/.
 */
export function SlackInstalledPage() {
  return null;
}
