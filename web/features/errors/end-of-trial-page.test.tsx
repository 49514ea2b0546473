import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { tokenStore } from '../../lib/api';
import { stubFetch } from '../../testing/fetch-stub';
import { renderWithProviders } from '../../testing/render';
import { signedInUserDoc } from '../../testing/user-doc';
import { EndOfTrialPage } from './routes/end-of-trial-page';

function renderAt(organization: Record<string, unknown>) {
  tokenStore.set('tok-1');
  stubFetch((req) => (req.url.pathname === '/api/user' ? { body: signedInUserDoc({ defaultProjectId: '3', organization }) } : { status: 404 }));
  const router = createMemoryRouter(
    [
      { path: '/errors/end-of-trial', element: <EndOfTrialPage /> },
      { path: '/', element: <p>the app</p> },
    ],
    { initialEntries: ['/errors/end-of-trial'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.clear();
});

describe('EndOfTrialPage', () => {
  it('says the trial has ended only when it has', async () => {
    renderAt({ plan: 'trial', stripe_customer_id: null, subscription_status: { trial_expired: true } });
    expect(await screen.findByText('Your free trial has ended')).toBeTruthy();
  });

  it('returns to the app while the trial is still running', async () => {
    const router = renderAt({ plan: 'trial', stripe_customer_id: null, subscription_status: { trial_expired: false } });
    expect(await screen.findByText('the app')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByText('Your free trial has ended')).toBeNull();
  });
});
