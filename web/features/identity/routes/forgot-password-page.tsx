/**
 * /forgot-password: ask for a reset link by e-mail.
 * TO BE IMPLEMENTED (issue 15): see /tmp/brief15/.
 */
export function ForgotPasswordPage() {
  return null;
}
