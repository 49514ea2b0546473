/**
 * /verify-email/:token: confirms the address.
 * TO BE IMPLEMENTED (issue 15): see /tmp/brief15/.
 */
export function VerifyEmailPage() {
  return null;
}
