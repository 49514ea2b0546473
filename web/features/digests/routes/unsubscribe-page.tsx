/**
 * /unsubscribe/:token: turns one project's e-mail notifications off without logging in.
 * TO BE IMPLEMENTED (issue 15): see /tmp/brief15/.
 */
export function UnsubscribePage() {
  return null;
}
