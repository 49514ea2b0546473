// Owned by the sign-up work: the four-step invite sign-up wizard (route /signup/:inviteKey).
export function InviteSignupPage() {
  return null;
}
