import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { MSG } from '../../../common/messages';
import { tokenStore } from '../../lib/api';
import { FreeSignupPage } from './routes/free-signup-page';
import { InviteSignupPage } from './routes/invite-signup-page';
import { useCreationProgress, type CreationStatus } from './components/use-creation-progress';

type FetchArgs = [input: RequestInfo | URL, init?: RequestInit];
let fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>;

beforeEach(() => {
  // Any call that a test did not arrange for fails it.
  fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>(async (input) => {
    throw new Error(`unexpected request ${String(input)}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/vnd.api+json' } });

function renderAt(path: string) {
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

const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** What the widget tells the page once the proof-of-work is done. */
function solveCaptcha(payload = 'c29sdmVk') {
  const widget = document.querySelector('altcha-widget')!;
  act(() => {
    widget.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload } }));
  });
}

function fillAccount() {
  type(/Full name/, 'Ada Lovelace');
  type(/Work email/, 'ada@example.test');
  type(/^Password/, 'analytical engine');
  type(/Confirm password/, 'analytical engine');
  fireEvent.click(screen.getByRole('checkbox', { name: /I agree/ }));
}

describe('free sign-up: account step', () => {
  it('shows each field’s message under it and stays on the step', async () => {
    renderAt('/signup');
    click('Get started');
    click('Next');
    expect(await screen.findByText(MSG.validation.nameRequired)).toBeTruthy();
    expect(screen.getByText(MSG.validation.emailRequired)).toBeTruthy();
    expect(screen.getByText(MSG.validation.passwordRequired)).toBeTruthy();
    expect(screen.getByText(MSG.validation.terms)).toBeTruthy();
    expect(screen.getByText(MSG.validation.captcha)).toBeTruthy();

    type(/Full name/, 'A');
    type(/Work email/, 'not-an-email');
    type(/^Password/, 'short');
    type(/Confirm password/, 'shorter');
    click('Next');
    expect(await screen.findByText(MSG.validation.nameLength)).toBeTruthy();
    expect(screen.getByText(MSG.validation.emailInvalid)).toBeTruthy();
    expect(screen.getByText(MSG.validation.passwordLength)).toBeTruthy();
    expect(screen.getByText(MSG.validation.passwordsMismatch)).toBeTruthy();
    expect(screen.getByText(MSG.validation.terms)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('needs matching passwords and the terms even when the rest is right', async () => {
    renderAt('/signup');
    click('Get started');
    type(/Full name/, 'Ada Lovelace');
    type(/Work email/, 'ada@example.test');
    type(/^Password/, 'analytical engine');
    type(/Confirm password/, 'analytical engines');
    solveCaptcha();
    click('Next');
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(screen.getByText('Please agree to the terms to create your account')).toBeTruthy();
    expect(screen.queryByText(MSG.validation.captcha)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('free sign-up: whole wizard', () => {
  async function walkToProject() {
    renderAt('/signup');
    click('Get started');
    fillAccount();
    solveCaptcha('cGF5bG9hZA==');
    click('Next');
    expect(await screen.findByRole('heading', { name: 'Your organisation' })).toBeTruthy();
    click('Next');
    expect(await screen.findByText(MSG.validation.organizationEmpty)).toBeTruthy();
    expect(screen.getByText(MSG.validation.brandLength)).toBeTruthy();
    type(/Organisation name/, 'Analytical Games');
    type(/Brand name/, 'Difference Engine');
    click('Next');
    expect(await screen.findByRole('heading', { name: 'Set up your first project' })).toBeTruthy();
    type(/Project name/, 'Launch');
    type('Article alert keywords', 'abcd');
    click('Create account');
    expect(await screen.findByText(MSG.validation.alertKeywords)).toBeTruthy();
    type('Article alert keywords', '"Difference Engine"');
  }

  it('creates the account, stores the token and offers the way in', async () => {
    fetchMock.mockImplementationOnce(async () =>
      json(201, {
        status: 'OK',
        message: 'Account created',
        data: {
          user: { status: 'OK', id: '7', email: 'ada@example.test', token: 'new-token', expires_at: '2030-01-01T00:00:00Z' },
          feeds: {
            articles: { status: 'PENDING', reason: 'Will start when article alerts are available' },
            videos: { status: 'SKIPPED', reason: 'Not requested' },
            streams: { status: 'SKIPPED', reason: 'Not requested' },
          },
        },
      }),
    );
    await walkToProject();
    click('Create account');
    expect(await screen.findByText('You are all set!')).toBeTruthy();
    expect(tokenStore.get()).toBe('new-token');
    expect(screen.getByText('Will start when article alerts are available')).toBeTruthy();

    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toBe('/api/p/free_user');
    expect((init!.headers as Record<string, string>).authorization).toBeUndefined();
    expect(JSON.parse(String(init!.body))).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.test',
      password: 'analytical engine',
      organization_name: 'Analytical Games',
      client_name: 'Difference Engine',
      project_name: 'Launch',
      article_alert: { name: 'Launch', keywords: '"Difference Engine"' },
      altcha: 'cGF5bG9hZA==',
    });

    click('Go to Coverwatch');
    expect(await screen.findByText('Loading callback')).toBeTruthy();
  });

  it('shows the server’s message in "Something went wrong" and starts over', async () => {
    fetchMock.mockImplementationOnce(async () =>
      json(409, { errors: [{ status: '409', code: 'conflict', title: 'Conflict', detail: MSG.auth.emailTaken, source: { pointer: '/email' } }] }),
    );
    await walkToProject();
    click('Create account');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(MSG.signup.somethingWrong)).toBeTruthy();
    expect(within(dialog).getByText(MSG.auth.emailTaken)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start Over' }));
    expect(await screen.findByRole('heading', { name: 'Start your free trial' })).toBeTruthy();
    // The spent captcha is gone: the account step asks for a new one, and shows the server's verdict.
    click('Get started');
    expect(screen.getByText(MSG.auth.emailTaken)).toBeTruthy();
    click('Next');
    expect(await screen.findByText(MSG.validation.captcha)).toBeTruthy();
  });

  it('searches Twitch games after a pause in typing and shows why it cannot', async () => {
    const detail = 'Twitch is not connected on this server, so games cannot be searched.';
    await walkToProject();
    fetchMock.mockImplementation(async () =>
      json(503, { errors: [{ status: '503', code: 'unavailable', title: 'Service unavailable', detail }] }),
    );
    type('Keyword', 'acme');
    // A keyword without its game cannot be sent.
    expect(screen.getByRole('button', { name: 'Create account' })).toHaveProperty('disabled', true);
    const game = screen.getByPlaceholderText('Search Twitch games');
    act(() => game.focus());
    fireEvent.change(game, { target: { value: 'ze' } });
    fireEvent.change(game, { target: { value: 'zel' } });
    // Under the field and in place of the options.
    expect(await screen.findAllByText(detail, {}, { timeout: 3000 })).toHaveLength(2);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/p/free_user/preview?searchTerm=zel']);
  });

  it('falls back to the catalogue message when the server gives none', async () => {
    fetchMock.mockImplementationOnce(async () => new Response('oops', { status: 502 }));
    await walkToProject();
    click('Create account');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(MSG.signup.createFailed)).toBeTruthy();
  });
});

describe('creation progress', () => {
  it('rises 10 % every 500 ms up to 90 %, and reaches 100 % on success', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ status }: { status: CreationStatus }) => useCreationProgress(status), {
      initialProps: { status: 'idle' },
    });
    expect(result.current).toBe(0);
    rerender({ status: 'pending' });
    expect(result.current).toBe(0);
    act(() => void vi.advanceTimersByTime(500));
    expect(result.current).toBe(10);
    act(() => void vi.advanceTimersByTime(1500));
    expect(result.current).toBe(40);
    act(() => void vi.advanceTimersByTime(10_000));
    expect(result.current).toBe(90);
    rerender({ status: 'success' });
    expect(result.current).toBe(100);
  });
});

describe('invite sign-up', () => {
  it('says when the invitation is not valid', async () => {
    fetchMock.mockImplementationOnce(async () =>
      json(404, { errors: [{ status: '404', code: 'not_found', title: 'Not found', detail: MSG.signup.inviteInvalid }] }),
    );
    renderAt('/signup/abcdefghijkl');
    expect(await screen.findByText(MSG.signup.inviteInvalid)).toBeTruthy();
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/p/ivs/abcdefghijkl');
    fireEvent.click(screen.getByRole('link', { name: /welcome/ }));
    expect(await screen.findByText('Welcome page')).toBeTruthy();
  });

  it('says when the invitation could not be fetched', async () => {
    fetchMock.mockImplementationOnce(async () => {
      throw new TypeError('Failed to fetch');
    });
    renderAt('/signup/abcdefghijkl');
    expect(await screen.findByText(MSG.signup.inviteFetch)).toBeTruthy();
  });

  it('shows the organization and asks for the account details', async () => {
    fetchMock.mockImplementationOnce(async () =>
      json(200, {
        data: {
          type: 'invite',
          id: 'abcdefghijkl',
          attributes: { key: 'abcdefghijkl', status: 'active', expires: '2999-01-01T00:00:00Z', organization: { id: 3, name: 'Acme Studios' } },
        },
      }),
    );
    renderAt('/signup/abcdefghijkl');
    expect(await screen.findByTestId('invite-organization')).toHaveProperty('textContent', 'Acme Studios');
    click('Accept invitation');
    type(/^Password/, 'analytical engine');
    type(/Confirm password/, 'something else');
    click('Next');
    expect(await screen.findByText(MSG.validation.passwordsMismatch)).toBeTruthy();
    expect(screen.getByText(MSG.validation.terms)).toBeTruthy();
    expect(screen.queryByText(MSG.validation.captcha)).toBeNull();
  });
});
