// Where checkout returns belongs to the billing feature; the router still imports it from here: once
// web/app/router.tsx imports billing/routes directly, delete this file.
// eslint-disable-next-line web-boundaries/feature-imports
export { UpgradeSuccessPage } from '../../billing/routes/upgrade-success-page';
