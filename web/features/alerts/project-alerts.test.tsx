import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { MSG } from '../../../common/messages';
import { tokenStore } from '../../lib/api';
import { listDocument, type StubRequest } from '../../testing/fetch-stub';
import { ALERT_ID, PROJECT_ID, alertDoc, feedArticle, lastCall, renderFeedPage, serve, userDoc } from '../articles/feed-fixtures';

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

const STUDIO_ID = '12';
const NEW_ID = '13';
const studio = alertDoc({ name: 'Studio', keywords: '+"nebula games"' });
const planOf = (max: number) => userDoc({ permissions: { slack: true, discord: true, similarweb: false, max_alerts_per_project: max } });

/**
 * The project's alerts: Starfall (its own, `alert-id`) and Studio, and the one POST alerts
 * creates; each alert's feed holds one article of its own.
 */
function serveAlerts(opts: { max: number; alerts?: { id: string; doc: ReturnType<typeof alertDoc> }[] }) {
  const alerts = opts.alerts ?? [
    { id: ALERT_ID, doc: alertDoc() },
    { id: STUDIO_ID, doc: studio },
  ];
  const title = (id: string) => `Headline of alert ${id}`;
  return serve({
    user: planOf(opts.max),
    handler: (req) => {
      const path = req.url.pathname;
      if (req.method === 'GET' && path === '/api/alerts') {
        return {
          body: listDocument(
            'alert',
            alerts.map((a) => ({ ...a.doc.data.attributes, id: a.id })),
            1,
            100,
          ),
        };
      }
      if (req.method === 'POST' && path === '/api/alerts') {
        const { attributes } = (req.body as { data: { attributes: { name: string; keywords: string } } }).data;
        const doc = alertDoc({ name: attributes.name, keywords: attributes.keywords });
        alerts.push({ id: NEW_ID, doc });
        return { status: 201, body: { data: { ...doc.data, id: NEW_ID } } };
      }
      if (path === '/api/alerts/preview') return { body: { data: { count: 0, capped: false, samples: [] } } };
      const one = alerts.find((a) => path === `/api/alerts/${a.id}`);
      if (one) return { body: { data: { ...one.doc.data, id: one.id } } };
      const feed = alerts.find((a) => path === `/api/articles_feed/${a.id}`);
      if (feed) return { body: { ...listDocument('feed_article', [feedArticle(Number(feed.id), { title: title(feed.id) })], 1, 25), latest_pull: null } };
      return undefined;
    },
  });
}

const feedCalls = (calls: StubRequest[]) =>
  calls.filter((c) => c.method === 'GET' && c.url.pathname.startsWith('/api/articles_feed/')).map((c) => c.url.pathname);
const addButton = () => screen.getByRole('button', { name: 'Add another alert' }) as HTMLButtonElement;

async function chooseAlert(name: string) {
  fireEvent.click(screen.getByRole('combobox', { name: 'Alert' }));
  fireEvent.click(await screen.findByRole('option', { name }));
}

describe('a project with several alerts', () => {
  it("switches the feed between the project's alerts by name, starting with the project's own", async () => {
    const calls = serveAlerts({ max: 5 });
    renderFeedPage();
    expect(await screen.findByText(`Headline of alert ${ALERT_ID}`)).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Alert' }) as HTMLInputElement).value).toBe('Starfall');

    await chooseAlert('Studio');
    expect(await screen.findByText(`Headline of alert ${STUDIO_ID}`)).toBeTruthy();
    expect(screen.queryByText(`Headline of alert ${ALERT_ID}`)).toBeNull();
    // The header names the alert listed and says what it watches.
    expect((screen.getByRole('combobox', { name: 'Alert' }) as HTMLInputElement).value).toBe('Studio');
    await waitFor(() => expect(screen.getByTestId('feed-keywords').textContent).toBe('nebula games'));
    expect(feedCalls(calls)).toEqual([`/api/articles_feed/${ALERT_ID}`, `/api/articles_feed/${STUDIO_ID}`]);
  });

  it('adds another alert with the same form, under a name of its own, and then lists its articles', async () => {
    const calls = serveAlerts({ max: 5 });
    renderFeedPage();
    await screen.findByText(`Headline of alert ${ALERT_ID}`);
    expect(addButton().disabled).toBe(false);
    fireEvent.click(addButton());

    expect(await screen.findByRole('dialog', { name: 'Create alert' })).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Starfall 3');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Competitors' } });
    const input = screen.getByRole('combobox', { name: 'All of these' });
    input.focus();
    fireEvent.change(input, { target: { value: 'Lumen' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.click(screen.getAllByRole('button', { name: 'Create alert' }).at(-1)!);

    await waitFor(() => expect(lastCall(calls, '/api/alerts', 'POST')).toBeDefined());
    expect(lastCall(calls, '/api/alerts', 'POST').body).toMatchObject({
      data: { type: 'alert', attributes: { project_id: PROJECT_ID, name: 'Competitors', keywords: '+"Lumen"' } },
    });
    expect(await screen.findByText(`Headline of alert ${NEW_ID}`)).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Alert' }) as HTMLInputElement).value).toBe('Competitors'));
  });

  it('says why no other alert can be added once the plan limit is reached', async () => {
    serveAlerts({ max: 2 });
    renderFeedPage();
    await screen.findByText(`Headline of alert ${ALERT_ID}`);
    expect(addButton().disabled).toBe(true);
    fireEvent.mouseEnter(addButton().parentElement!);
    expect(await screen.findByText(MSG.billing.alertLimit(2))).toBeTruthy();
  });
});

describe('a plan with a single alert per project', () => {
  it('lists no alert selector, and "Add another alert" explains the plan', async () => {
    serveAlerts({ max: 1, alerts: [{ id: ALERT_ID, doc: alertDoc() }] });
    renderFeedPage();
    await screen.findByText(`Headline of alert ${ALERT_ID}`);
    expect(screen.queryByRole('combobox', { name: 'Alert' })).toBeNull();
    expect(addButton().disabled).toBe(true);
    fireEvent.mouseEnter(addButton().parentElement!);
    expect(await screen.findByText(MSG.billing.singleAlert)).toBeTruthy();
  });
});
