// Owned by the sign-up work: the five-step free sign-up wizard (route /signup).
export function FreeSignupPage() {
  return null;
}
