import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { MSG } from '../../../common/messages';
import { QUERY_MSG } from '../../../common/query/messages';
import { tokenStore } from '../../lib/api';
import { FreeSignupPage } from './routes/free-signup-page';
import { InviteSignupPage } from './routes/invite-signup-page';
import { useCreationProgress, type CreationStatus } from './components/use-creation-progress';

// The wizard's steps render slowly on a shared machine; the default 5 s is too tight.
vi.setConfig({ testTimeout: 30_000 });

type FetchArgs = [input: RequestInfo | URL, init?: RequestInit];
let fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>;

/** Answers by "METHOD /path" (query string left out); set per test. */
let routes: Map<string, (init?: RequestInit) => Response | Promise<Response>>;
const OPTIONS_URL = 'GET /api/p/free_user/options';
const PREVIEW_URL = 'POST /api/p/free_user/alert_preview';
const serve = (key: string, answer: (init?: RequestInit) => Response | Promise<Response>) => routes.set(key, answer);

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

/** The calls the test made, as "METHOD url", leaving out the step's own options call. */
const requests = () => fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`).filter((c) => c !== OPTIONS_URL);
const lastRequest = (key: string) => {
  const call = fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url).split('?')[0]}` === key).at(-1);
  return call && { url: String(call[0]), init: call[1]!, body: JSON.parse(String(call[1]?.body ?? 'null')) };
};
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/vnd.api+json' } });

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
/** Ticks the proof-of-work widget, once it has loaded (it loads with the account step). */
async function solveCaptcha(payload = 'c29sdmVk') {
  await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull());
  await act(async () => {}); // its effects (the statechange listener) run
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
    expect(requests()).toEqual([]);
  });

  it('says an empty "Confirm password" is missing, links the privacy policy, and shows the app\'s logo', async () => {
    renderAt('/signup');
    click('Get started');
    type(/^Password/, 'analytical engine');
    click('Next');
    expect(await screen.findByText(MSG.validation.confirmPasswordRequired)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe('/privacy');
    expect(screen.getByRole('link', { name: 'terms of service' }).getAttribute('href')).toBe('/terms');
    // The navigation's BrandLogo: its mark (a rounded square with the eye) beside the name.
    const logo = screen.getAllByLabelText('Coverwatch')[0];
    expect(logo.querySelector('svg rect[rx="8"]')).toBeTruthy();
  });

  it('needs matching passwords and the terms even when the rest is right', async () => {
    renderAt('/signup');
    click('Get started');
    type(/Full name/, 'Ada Lovelace');
    type(/Work email/, 'ada@example.test');
    type(/^Password/, 'analytical engine');
    type(/Confirm password/, 'analytical engines');
    await solveCaptcha();
    click('Next');
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(screen.getByText('Please agree to the terms to create your account')).toBeTruthy();
    expect(screen.queryByText(MSG.validation.captcha)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeTruthy();
    expect(requests()).toEqual([]);
  });
});

describe('free sign-up: focus between steps', () => {
  it("gives each new step's heading the focus the pressed button took with it", async () => {
    renderAt('/signup');
    const start = screen.getByRole('button', { name: 'Get started' });
    start.focus();
    click('Get started');
    const account = await screen.findByRole('heading', { name: 'Create your account' });
    await waitFor(() => expect(document.activeElement).toBe(account));
    fillAccount();
    await solveCaptcha('cGF5bG9hZA==');
    screen.getByRole('button', { name: 'Next' }).focus();
    click('Next');
    const organisation = await screen.findByRole('heading', { name: 'Your organisation' });
    // The step's heading is the page's h1, and takes the focus the hidden step's Next button had.
    expect(organisation.tagName).toBe('H1');
    await waitFor(() => expect(document.activeElement).toBe(organisation));
  });
});

describe('free sign-up: whole wizard', () => {
  async function walkToProject() {
    renderAt('/signup');
    click('Get started');
    fillAccount();
    await solveCaptcha('cGF5bG9hZA==');
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
    serve('POST /api/p/free_user', () =>
      json(201, {
        status: 'OK',
        message: 'Account created',
        data: {
          user: { status: 'OK', id: '7', email: 'ada@example.test', token: 'new-token', expires_at: '2030-01-01T00:00:00Z' },
          feeds: {
            articles: { status: 'ACTIVE', reason: 'Watching for new articles' },
            videos: { status: 'PENDING', reason: 'YouTube is not connected on this server: set YOUTUBE_API_KEY.' },
            streams: { status: 'ACTIVE', reason: 'Checking Twitch every 2 to 60 minutes, more often while matching streams are live' },
          },
        },
      }),
    );
    await walkToProject();
    click('Create account');
    expect(await screen.findByText('You are all set!')).toBeTruthy();
    expect(tokenStore.get()).toBe('new-token');
    // Each alert's real outcome and reason, as the server reported them.
    expect(screen.getByText('YouTube is not connected on this server: set YOUTUBE_API_KEY.')).toBeTruthy();
    expect(screen.getByText('Checking Twitch every 2 to 60 minutes, more often while matching streams are live')).toBeTruthy();
    expect(screen.getByText('pending')).toBeTruthy();
    expect(screen.getAllByText('active')).toHaveLength(2);

    const { init, body } = lastRequest('POST /api/p/free_user')!;
    expect((init.headers as Record<string, string>).authorization).toBeUndefined();
    expect(body).toEqual({
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
    serve('POST /api/p/free_user', () =>
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

  it('searches Twitch games after a pause in typing; when Twitch is not connected it says so calmly, disabled', async () => {
    const detail = 'Twitch is not connected on this server, so games cannot be searched.';
    await walkToProject();
    serve('GET /api/p/free_user/preview', () => json(503, { errors: [{ status: '503', code: 'not_connected', title: 'Not connected', detail }] }));
    type('Keyword', 'acme');
    // A keyword without its game cannot be sent.
    expect(screen.getByRole('button', { name: 'Create account' })).toHaveProperty('disabled', true);
    const game = screen.getByPlaceholderText('Search Twitch games');
    act(() => game.focus());
    fireEvent.change(game, { target: { value: 'ze' } });
    fireEvent.change(game, { target: { value: 'zel' } });
    // The reason, once, as the field's description: not a red error the user did not cause.
    expect(await screen.findByText(detail, {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getAllByText(detail)).toHaveLength(1);
    expect(screen.getByText(detail).className).not.toMatch(/error/i);
    expect(screen.getByPlaceholderText('Not available')).toHaveProperty('disabled', true);
    expect(requests().filter((r) => r.startsWith('GET /api/p/free_user/preview'))).toEqual(['GET /api/p/free_user/preview?searchTerm=zel']);
  });

  it('shows the stream alert disabled with the reason when the server has no Twitch, and does not block the account', async () => {
    serve(OPTIONS_URL, () => json(200, { data: { twitch: { available: false, reason: MSG.signup.twitchUnavailable } } }));
    await walkToProject();
    expect(await screen.findByText(MSG.signup.twitchUnavailable)).toBeTruthy();
    expect(screen.getByLabelText('Keyword')).toHaveProperty('disabled', true);
    expect(screen.getByPlaceholderText('Not available')).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Create account' })).toHaveProperty('disabled', false);
    expect(document.querySelector('.mantine-Select-error, .mantine-TextInput-error, .mantine-InputWrapper-error')).toBeNull();
  });

  it('Enter in a project-step field moves to the next field and never creates the account', async () => {
    await walkToProject();
    const article = screen.getByLabelText('Article alert keywords');
    act(() => article.focus());
    fireEvent.keyDown(article, { key: 'Enter' });
    expect(document.activeElement).toBe(screen.getByLabelText('YouTube keyword'));
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(document.activeElement).toBe(screen.getByLabelText('Keyword'));
    expect(screen.getByRole('heading', { name: 'Set up your first project' })).toBeTruthy();
    expect(requests().filter((r) => r.startsWith('POST /api/p/free_user '))).toEqual([]);
    expect(lastRequest('POST /api/p/free_user')).toBeUndefined();
  });

  it('reads the typed names as the server will and previews what the alert finds, with the captcha it holds', async () => {
    serve(PREVIEW_URL, () =>
      json(200, {
        data: {
          count: 2,
          capped: false,
          samples: [
            {
              id: '2',
              title: 'Aurora Interactive reveals its debut game',
              url: 'https://news.example/a',
              media: 'news.example',
              published_at: '2026-11-20T10:00:00Z',
            },
            { id: '1', title: 'Hands-on with Aurora Interactive', url: 'https://mag.example/b', media: 'mag.example', published_at: '2026-11-18T10:00:00Z' },
          ],
        },
      }),
    );
    await walkToProject();
    type('Article alert keywords', 'Aurora Interactive');
    // What it watches, in words (the syntax, `+"Aurora Interactive"`, is the advanced editor's).
    expect(await screen.findByText('Aurora Interactive', { selector: 'strong' }, { timeout: 3000 })).toBeTruthy();
    expect(await screen.findByText('2 matching articles in the last two months', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getAllByTestId('keywords-preview-sample').map((li) => li.textContent)).toEqual([
      'Aurora Interactive reveals its debut gamenews.example · Nov 20, 2026',
      'Hands-on with Aurora Interactivemag.example · Nov 18, 2026',
    ]);
    expect(lastRequest(PREVIEW_URL)!.body).toEqual({ keywords: 'Aurora Interactive', altcha: 'cGF5bG9hZA==' });

    // Keywords the query language refuses: its message under the field, and no request.
    const before = requests().length;
    type('Article alert keywords', '!!!!!');
    expect(await screen.findByText(QUERY_MSG.noSearchableText, {}, { timeout: 3000 })).toBeTruthy();
    expect(requests()).toHaveLength(before);
  });

  it('falls back to the catalogue message when the server gives none', async () => {
    serve('POST /api/p/free_user', () => new Response('oops', { status: 502 }));
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
