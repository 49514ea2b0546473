import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { MSG } from '../../../common/messages';
import { QUERY_MSG } from '../../../common/query/messages';
import { tokenStore } from '../../lib/api';
import {
  click,
  fillAccount,
  json,
  lastRequest,
  OPTIONS_URL,
  PREVIEW_URL,
  renderAt,
  requests,
  serve,
  solveCaptcha,
  stubSignupRequests,
  type,
} from './signup-fixtures';

/** The free sign-up wizard from the first step to the account (the account step alone: signup.test.tsx). */

// The wizard's steps render slowly on a shared machine; the default 5 s is too tight.
vi.setConfig({ testTimeout: 30_000 });
stubSignupRequests();

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
