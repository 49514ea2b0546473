import type { ReactNode } from 'react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { FreeSignupPage } from './routes/free-signup-page';
import { InviteSignupPage } from './routes/invite-signup-page';

/** The fetch stub, render helper and form actions shared by the sign-up tests (signup*.test.tsx). */

type FetchArgs = [input: RequestInfo | URL, init?: RequestInit];
export let fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>;

/** Answers by "METHOD /path" (query string left out); set per test. */
let routes: Map<string, (init?: RequestInit) => Response | Promise<Response>>;
export const OPTIONS_URL = 'GET /api/p/free_user/options';
export const PREVIEW_URL = 'POST /api/p/free_user/alert_preview';
export const serve = (key: string, answer: (init?: RequestInit) => Response | Promise<Response>) => routes.set(key, answer);

/**
 * Stubs fetch for each test of the calling file: the step's own calls answer by default, any call a
 * test did not arrange for fails it; restores fetch and the timers after each test.
 */
export function stubSignupRequests() {
  beforeEach(() => {
    routes = new Map();
    // What the project step asks on its own: whether Twitch is connected, and the alert preview.
    serve(OPTIONS_URL, () => json(200, { data: { twitch: { available: true, reason: null } } }));
    serve(PREVIEW_URL, () => json(200, { data: { count: 0, capped: false, samples: [] } }));
    // Any other call that a test did not arrange for fails it.
    fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>(async (input, init) => {
      const answer = routes.get(`${init?.method ?? 'GET'} ${String(input).split('?')[0]}`);
      if (!answer) throw new Error(`unexpected request ${String(input)}`);
      return answer(init);
    });
    vi.stubGlobal('fetch', fetchMock);
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
}

/** The calls the test made, as "METHOD url", leaving out the step's own options call. */
export const requests = () => fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`).filter((c) => c !== OPTIONS_URL);
export const lastRequest = (key: string) => {
  const call = fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url).split('?')[0]}` === key).at(-1);
  return call && { url: String(call[0]), init: call[1]!, body: JSON.parse(String(call[1]?.body ?? 'null')) };
};
export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/vnd.api+json' } });

export function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrap = (ui: ReactNode) => (
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
  return render(
    wrap(
      <Routes>
        <Route path="/signup" element={<FreeSignupPage />} />
        <Route path="/signup/:inviteKey" element={<InviteSignupPage />} />
        <Route path="/loading/callback" element={<p>Loading callback</p>} />
        <Route path="/welcome" element={<p>Welcome page</p>} />
      </Routes>,
    ),
  );
}

export const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
export const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** What the widget tells the page once the proof-of-work is done. */
/** Ticks the proof-of-work widget, once it has loaded (it loads with the account step). */
export async function solveCaptcha(payload = 'c29sdmVk') {
  await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull());
  await act(async () => {}); // its effects (the statechange listener) run
  const widget = document.querySelector('altcha-widget')!;
  act(() => {
    widget.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload } }));
  });
}

export function fillAccount() {
  type(/Full name/, 'Ada Lovelace');
  type(/Work email/, 'ada@example.test');
  type(/^Password/, 'analytical engine');
  type(/Confirm password/, 'analytical engine');
  fireEvent.click(screen.getByRole('checkbox', { name: /I agree/ }));
}
