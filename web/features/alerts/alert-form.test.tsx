import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { MSG } from '../../../common/messages';
import { QUERY_MSG } from '../../../common/query/messages';
import { tokenStore } from '../../lib/api';
import { listDocument } from '../../testing/fetch-stub';
import { ALERT_ID, PROJECT_ID, alertDoc, lastCall, renderFeedPage, serve, userDoc } from '../articles/feed-fixtures';

// Modal forms with Mantine inputs render slowly on a shared machine; the default 5 s is too tight.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  localStorage.clear();
  tokenStore.set('test-token');
});
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

/** Opens the create form; the alert form is a chunk of its own, loaded on first use. */
async function openCreateForm() {
  fireEvent.click(await screen.findByRole('button', { name: 'Create alert' }));
  await screen.findByRole('combobox', { name: 'All of these' });
}

/** Types a term into a tags input and confirms it with Enter. */
function addTerm(label: string, term: string) {
  const input = screen.getByRole('combobox', { name: label });
  input.focus();
  fireEvent.change(input, { target: { value: term } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

describe('alert setup view', () => {
  it('creates the alert with the query built from the simple fields, then shows the feed', async () => {
    let alertId: string | null = null;
    const calls = serve({
      alertId: () => alertId,
      handler: (req) => {
        const path = req.url.pathname;
        if (path === '/api/alerts/preview') {
          return {
            body: {
              data: {
                count: 1234,
                capped: false,
                samples: [
                  {
                    id: '9',
                    title: 'Starfall review: a quiet triumph',
                    url: 'https://news.example/9',
                    media: 'news.example',
                    published_at: '2026-11-21T08:00:00Z',
                  },
                  { id: '8', title: 'Starfall preview', url: 'https://mag.example/8', media: 'mag.example', published_at: '2026-11-19T08:00:00Z' },
                ],
              },
            },
          };
        }
        if (req.method === 'POST' && path === '/api/alerts') {
          alertId = ALERT_ID;
          return { status: 201, body: alertDoc({ keywords: (req.body as { data: { attributes: { keywords: string } } }).data.attributes.keywords }) };
        }
        if (path === `/api/alerts/${ALERT_ID}`) return { body: alertDoc() };
        if (path === `/api/articles_feed/${ALERT_ID}`) return { body: { ...listDocument('feed_article', [], 1, 25), latest_pull: null } };
        return undefined;
      },
    });
    renderFeedPage();
    await openCreateForm();

    addTerm('All of these', 'Starfall');
    addTerm('Any of these', 'review');
    addTerm('Any of these', 'preview');
    addTerm('None of these', 'giveaway');
    // The fields read as a sentence; the syntax they build is what the alert saves.
    const built = '+"Starfall" +("review" "preview") -"giveaway"';
    expect(screen.getByTestId('built-query').textContent).toBe('Reads as: all of: Starfall · and any of: review, preview · not: giveaway');
    expect(screen.getByTestId('built-query').textContent).not.toContain('+');
    // The preview under the keywords: the count of the last two months and the newest headlines with their outlet.
    await waitFor(() => expect(screen.getByTestId('keywords-preview-count').textContent).toBe('1,234 matching articles in the last two months'));
    expect(screen.getAllByTestId('keywords-preview-sample').map((li) => li.textContent)).toEqual([
      'Starfall review: a quiet triumphnews.example · Nov 21, 2026',
      'Starfall previewmag.example · Nov 19, 2026',
    ]);
    expect(lastCall(calls, '/api/alerts/preview', 'POST').body).toEqual({ keywords: built, min_reach: 0.1 });

    fireEvent.change(screen.getByLabelText('Minimum media score'), { target: { value: '3.5' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Create alert' }).at(-1)!);

    await waitFor(() => expect(lastCall(calls, '/api/alerts', 'POST')).toBeTruthy());
    const body = lastCall(calls, '/api/alerts', 'POST').body as { data: { type: string; attributes: Record<string, unknown> } };
    expect(body.data.type).toBe('alert');
    expect(body.data.attributes).toMatchObject({ project_id: PROJECT_ID, name: 'Starfall', keywords: built, min_reach: 3.5 });
    // Slack is in the plan but not enabled for the organization: no Slack fields are sent.
    expect(body.data.attributes).not.toHaveProperty('slack_tracking');
    expect(body.data.attributes).toHaveProperty('discord_webhook_url', null);

    expect(await screen.findByText(MSG.alerts.createdNamed('Starfall'))).toBeTruthy();
    expect(await screen.findByText('Starfall Articles')).toBeTruthy();
    expect(await screen.findByTestId('feed-keywords')).toBeTruthy();
  });

  it('waits for five characters and shows the server keyword error on its field', async () => {
    serve({
      alertId: () => null,
      handler: (req) =>
        req.method === 'POST' && req.url.pathname === '/api/alerts'
          ? {
              status: 422,
              body: {
                errors: [
                  { status: '422', code: 'validation', title: 'Invalid', detail: 'Keywords are not allowed', source: { pointer: '/data/attributes/keywords' } },
                ],
              },
            }
          : undefined,
    });
    renderFeedPage();
    await openCreateForm();
    addTerm('All of these', 'a');
    expect(await screen.findByText(MSG.validation.alertKeywords)).toBeTruthy();

    addTerm('All of these', 'starfall');
    await waitFor(() => expect(screen.queryByText(MSG.validation.alertKeywords)).toBeNull());
    fireEvent.click(screen.getAllByRole('button', { name: 'Create alert' }).at(-1)!);
    expect(await screen.findByText('Keywords are not allowed')).toBeTruthy();
  });
});

describe('alert form: simple mode errors', () => {
  it("shows the query language's error under the builder as soon as a term makes the query unusable, and previews nothing", async () => {
    const calls = serve({ alertId: () => null });
    renderFeedPage();
    await openCreateForm();
    addTerm('None of these', 'giveaway');
    expect((await screen.findByTestId('keywords-error')).textContent).toBe(QUERY_MSG.onlyExclusions);
    addTerm('All of these', '!!!!!');
    await waitFor(() => expect(screen.getByTestId('keywords-error').textContent).toBe(QUERY_MSG.noSearchableText));
    expect(screen.queryByTestId('keywords-preview')).toBeNull();
    expect(calls.some((c) => c.url.pathname === '/api/alerts/preview')).toBe(false);
  });
});

describe('alert form: advanced mode', () => {
  it('shows the parse error and marks the offending part of the query', async () => {
    serve({ alertId: () => null });
    renderFeedPage();
    await openCreateForm();
    fireEvent.click(screen.getByText('Advanced'));

    const query = '+"starfall" +(review';
    fireEvent.change(screen.getByLabelText('Query'), { target: { value: query } });
    const error = await screen.findByTestId('query-error');
    expect(error.textContent).toContain(QUERY_MSG.missingClosingParenthesis);
    const marked = screen.getByTestId('query-error-range');
    expect(query.includes(marked.textContent!.trim()) || marked.textContent === ' ').toBe(true);
    // The query cannot go back to the simple builder.
    expect((screen.getByRole('radio', { name: 'Simple' }) as HTMLInputElement).disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('Query'), { target: { value: '+"starfall" +(review OR preview)' } });
    await waitFor(() => expect(screen.queryByTestId('query-error')).toBeNull());
  });

  it('opens an advanced alert in advanced mode and saves it with PATCH', async () => {
    const keywords = 'starfall AND (review OR preview)';
    const calls = serve({
      user: userDoc({ permissions: { slack: true, discord: false }, slackEnabled: true }),
      handler: (req) => {
        const path = req.url.pathname;
        if (path === `/api/alerts/${ALERT_ID}` && req.method === 'GET') return { body: alertDoc({ keywords }) };
        if (path === `/api/alerts/${ALERT_ID}` && req.method === 'PATCH') return { body: alertDoc({ keywords, slack_tracking: true }) };
        if (path === `/api/articles_feed/${ALERT_ID}`) return { body: { ...listDocument('feed_article', [], 1, 25), latest_pull: null } };
        if (path === '/api/alerts/preview') return { body: { data: { count: 3, capped: false, samples: [] } } };
        return undefined;
      },
    });
    renderFeedPage();
    // The feed says the query in words; the syntax is the advanced editor's.
    await screen.findByText('starfall, (review or preview)');
    fireEvent.click(screen.getByRole('button', { name: 'Edit feed' }));
    expect(((await screen.findByLabelText('Query')) as HTMLTextAreaElement).value).toBe(keywords);
    // Advanced mode is previewed too.
    await waitFor(() => expect(screen.getByTestId('keywords-preview-count').textContent).toBe('3 matching articles in the last two months'));
    expect(lastCall(calls, '/api/alerts/preview', 'POST').body).toMatchObject({ keywords });
    expect((screen.getByRole('radio', { name: 'Simple' }) as HTMLInputElement).disabled).toBe(true);
    // Discord is not in this plan: the upgrade message replaces its field.
    expect(screen.getByText(MSG.billing.upgrade)).toBeTruthy();

    fireEvent.click(screen.getByLabelText('Post new articles to Slack'));
    fireEvent.change(screen.getByLabelText('Slack webhook URL'), { target: { value: 'https://hooks.slack.test/T1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(lastCall(calls, `/api/alerts/${ALERT_ID}`, 'PATCH')).toBeTruthy());
    const attrs = (lastCall(calls, `/api/alerts/${ALERT_ID}`, 'PATCH').body as { data: { attributes: Record<string, unknown> } }).data.attributes;
    expect(attrs).toMatchObject({ keywords, slack_tracking: true, slack_webhook_url: 'https://hooks.slack.test/T1' });
    expect(attrs).not.toHaveProperty('discord_webhook_url');
    expect(await screen.findByText(MSG.alerts.updated)).toBeTruthy();
  });
});
