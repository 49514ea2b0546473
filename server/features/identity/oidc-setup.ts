import { afterAll, beforeAll, expect } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { startFakeOidcProvider, type FakeOidcProvider } from '../../../test/fakes/oidc-provider.js';

/** The setup of the single sign-on suites (oidc.test.ts, oidc-edges.test.ts). */

export const APP = 'http://cw.localhost:3999';
export const LABEL = 'Acme SSO';

/** The fake provider and the app of one test file, set once its beforeAll has run. */
export interface OidcSuite {
  ctx: TestContext;
  idp: FakeOidcProvider;
}

/** Starts the fake OIDC provider and an app signed up to it for the calling test file (stopped after it). */
export function useOidcSuite(): OidcSuite {
  const s = {} as OidcSuite;
  beforeAll(async () => {
    s.idp = await startFakeOidcProvider({
      appOrigin: APP,
      accounts: [
        { sub: 'sub-alice', email: 'alice@example.test', emailVerified: true, name: 'Alice' },
        { sub: 'sub-bob', email: 'bob@example.test', emailVerified: false },
        { sub: 'sub-carol', email: 'carol@example.test', emailVerified: true },
        { sub: 'sub-dave', email: 'dave@example.test', emailVerified: true },
        { sub: 'sub-erin', email: 'erin@example.test', emailVerified: true },
        { sub: 'sub-frank', email: 'frank@example.test', emailVerified: true },
        { sub: 'sub-hana', email: 'hana@example.test', emailVerified: true },
        { sub: 'sub-ivan', email: 'ivan@example.test', emailVerified: true },
        { sub: 'sub-ghost' },
      ],
    });
    s.ctx = await createTestContext({
      PUBLIC_URL: APP,
      ...s.idp.env,
      OIDC_LABEL: LABEL,
    });
  });
  afterAll(async () => {
    await s.ctx?.close();
    await s.idp?.close();
  });
  return s;
}

/** The `sso_error` message of a redirect to the login page. */
export const ssoError = (location: string) => {
  const url = new URL(location, APP);
  expect(url.pathname).toBe('/login');
  return url.searchParams.get('sso_error');
};
