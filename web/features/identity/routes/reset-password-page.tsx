/**
 * /reset-password/:token: choose a new password.
 * TO BE IMPLEMENTED (issue 15): see /tmp/brief15/.
 */
export function ResetPasswordPage() {
  return null;
}
