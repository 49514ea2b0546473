import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../server/db/embedded.js';
import { startFakeFeedServer, type FakeFeedServer } from '../test/fakes/feeds.js';
import { startFakeSmtp, type FakeSmtp } from '../test/fakes/smtp.js';
import { ADMIN, loginAs, startJourney, type Journey } from './harness.js';

/**
 * E-mail digests end to end: a user switches on a project's notifications in the settings card
 * (instant) → a website whose feed carries matching articles is added and crawled → the digest
 * job (every 2 s here, DIGEST_INTERVAL_SECONDS) mails them through the outbox to a local SMTP
 * receiver, with the RFC 8058 headers → the e-mail's unsubscribe link, opened in the browser and
 * confirmed, turns the card's switch off.
 */
let j: Journey;
let feeds: FakeFeedServer;
let smtp: FakeSmtp;
let token = '';
const FEED_PATH = '/e2e/quasar-news.xml';
const PROJECT = 'Quasar Drift';

async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(`${j.server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.api+json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok, `${method} ${path}: ${res.status} ${await res.clone().text()}`).toBe(true);
  return (await res.json()).data;
}

beforeAll(async () => {
  feeds = await startFakeFeedServer();
  smtp = await startFakeSmtp();
  feeds.setFeed(FEED_PATH, {
    format: 'rss',
    title: 'Quasar News',
    items: [1, 2, 3].map((n) => ({
      title: `Quasar Drift review ${n}: a racer with style`,
      url: `https://quasar-news.example/reviews/${n}.html`,
      description: 'Quasar Drift is the new racing game.',
      published: new Date(Date.now() - n * 3600_000),
    })),
  });
  const port = await freePort();
  j = await startJourney({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: smtp.url,
    ALLOW_PRIVATE_NETWORK: 'true',
    DIGEST_INTERVAL_SECONDS: '2',
    DIGEST_SETTLE_SECONDS: '0',
  });
}, 120000);

afterAll(async () => {
  await j?.close();
  await feeds?.close();
  await smtp?.close();
});

describe('e-mail digests', () => {
  it('subscribe in the settings card → matching articles arrive → the digest is mailed → its link unsubscribes', async () => {
    const page = j.page;
    await loginAs(page, j.server.url, ADMIN.email, ADMIN.password);
    token = (await page.evaluate(() => localStorage.getItem('coverwatch.token')))!;
    const brand = await api('POST', '/api/clients', { data: { type: 'client', attributes: { name: 'Quasar Studios' } } });
    const project = await api('POST', '/api/projects', {
      data: { type: 'project', attributes: { name: PROJECT }, relationships: { client: { data: { type: 'client', id: brand.id } } } },
    });
    await api('POST', '/api/alerts', { data: { type: 'alert', attributes: { project_id: Number(project.id), name: PROJECT, keywords: '"quasar drift"' } } });

    // The card: switch the project on, then instant.
    await page.goto(`${j.server.url}/settings`);
    const tile = page.getByTestId(`notification-${project.id}`);
    const toggle = tile.getByRole('switch', { name: `E-mail notifications for ${PROJECT}` });
    await toggle.waitFor();
    const created = page.waitForResponse((r) => r.url().endsWith('/api/notifications') && r.request().method() === 'POST');
    await toggle.click({ force: true });
    expect((await created).status()).toBe(201);
    const patched = page.waitForResponse((r) => /\/api\/notifications\/\d+$/.test(r.url()) && r.request().method() === 'PATCH');
    await tile.getByText('Instant').click();
    expect((await patched).status()).toBe(200);
    await j.shot('digests-settings-card');

    // A website whose feed carries three matching reviews: crawled at once, matched by the alert.
    const website = await api('POST', '/api/websites', { data: { type: 'website', attributes: { domain: 'quasar-news.example', reach: 6, language: 'en' } } });
    await api('POST', '/api/feeds', {
      data: { type: 'feed', attributes: { feed: `${feeds.url}${FEED_PATH}`, language: 'en', reach: 6, website_id: Number(website.id), type: 0 } },
    });

    const mail = await smtp.waitFor((m) => m.subject.startsWith(`${PROJECT}:`), 90000);
    expect(mail.subject).toBe(`${PROJECT}: 3 new articles`);
    expect(mail.to).toEqual([ADMIN.email]);
    expect(mail.text).toContain('Quasar Drift review 1: a racer with style');
    expect(mail.text).toContain('https://quasar-news.example/reviews/1.html');
    expect(mail.headers['list-unsubscribe']).toMatch(new RegExp(`^<${j.server.url}/api/p/unsubscribe/[A-Za-z0-9_-]{43}>$`));
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // The e-mail's link: the page asks first, then turns this subscription off.
    const link = /(http:\/\/\S+\/unsubscribe\/[A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();
    await page.goto(link!);
    await page.getByText('Stop these e-mails?').waitFor();
    await j.shot('digests-unsubscribe-confirm');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByText('You are unsubscribed').waitFor();
    await j.shot('digests-unsubscribed');

    await page.goto(`${j.server.url}/settings`);
    const after = page.getByTestId(`notification-${project.id}`).getByRole('switch');
    await after.waitFor();
    await expect.poll(() => after.isChecked()).toBe(false);
  });
});
