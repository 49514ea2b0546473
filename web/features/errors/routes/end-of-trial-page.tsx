// The end-of-trial page is the billing feature's upgrade dialog, unclosable; it lives there. The router
// still imports it from here: once web/app/router.tsx imports billing/routes directly, delete this file.
// eslint-disable-next-line web-boundaries/feature-imports
export { EndOfTrialPage } from '../../billing/routes/end-of-trial-page';
