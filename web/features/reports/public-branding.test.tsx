import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MSG } from '../../../common/messages';
import type { ReportBranding } from '../../../common/schemas/reports';
import { LINKS } from '../../lib/links';
import { listDocument } from '../../testing/fetch-stub';
import { articlesDoc, renderAt, reportDoc, serve } from './report-fixtures';
import { PublicReportPage } from './routes/public-report-page';

/**
 * The public report's frame: the organization's logo and name head it on every plan; Coverwatch
 * is a small "Made with Coverwatch" line at its foot, absent with custom branding. The PDF is
 * printed from this page, so it waits for the logo too.
 */
const ID = 'AbCdEfGhIjKlMnOpQrStUv';

afterEach(() => {
  vi.unstubAllGlobals();
  delete document.body.dataset.reportReady;
});

/** The public page of a report with this branding. `chartless`: no charts to wait for, so only the data and the logo hold the print back. */
function openReport(branding: ReportBranding | undefined, opts: { chartless?: boolean } = {}) {
  const stats = opts.chartless ? { stats: { trend: [], languages: [], tags: [] } } : {};
  const calls = serve((req) => {
    const p = req.url.pathname;
    if (p === `/api/p/reports/${ID}`) return { body: reportDoc({ branding, ...stats }) };
    if (p === '/api/p/articles') return { body: articlesDoc([1, 2]) };
    if (p.startsWith(`/api/p/reports/${ID}/`)) return { body: listDocument('saved_video', [], 1, 5000) };
    return undefined;
  });
  renderAt(<PublicReportPage />, '/p/r/:reportId', `/p/r/${ID}?print=1`);
  return calls;
}

/** The report, its articles, videos and streams have all been answered and drawn. */
async function dataDrawn(calls: { url: URL }[]) {
  await screen.findByText('Nebula Quest review 2');
  await waitFor(() => expect(calls.filter((c) => /\/(videos|streams)$/.test(c.url.pathname))).toHaveLength(2));
  await act(() => new Promise((r) => setTimeout(r, 0)));
}

const logoUrl = '/api/f/0b6c2b1e-5a7f-4d8e-9c1a-2f3e4d5c6b7a.png';

const header = () => screen.getByRole('banner');

describe('public report branding', () => {
  it('heads the page with the organization\'s logo and name, with "Made with Coverwatch" at the foot leading to the site', async () => {
    openReport({ name: 'Nebula Games', logo_url: logoUrl, made_with: true });
    const brand = await within(header()).findByTestId('public-brand');
    expect(brand.textContent).toBe('Nebula Games');
    expect(brand.querySelector('img')!.getAttribute('src')).toBe(logoUrl);
    // Coverwatch no longer heads the page.
    expect(within(header()).queryByLabelText('Coverwatch')).toBeNull();
    const madeWith = screen.getByTestId('made-with');
    expect(madeWith.textContent).toBe(MSG.publicReport.madeWith);
    expect(madeWith.getAttribute('href')).toBe(LINKS.site);
    expect(madeWith.getAttribute('target')).toBe('_blank');
    expect(screen.queryByText('Media coverage monitoring by Coverwatch')).toBeNull();
  });

  it('shows no Coverwatch brand at all with custom branding, and the name alone without a logo', async () => {
    openReport({ name: 'Orbit PR Agency', logo_url: null, made_with: false });
    const brand = await within(header()).findByTestId('public-brand');
    expect(brand.textContent).toBe('Orbit PR Agency');
    expect(brand.querySelector('img')).toBeNull();
    await screen.findByText('Nebula Quest review 2');
    expect(screen.queryByTestId('made-with')).toBeNull();
    expect(screen.queryByText(/Coverwatch/)).toBeNull();
    expect(screen.queryByLabelText('Coverwatch')).toBeNull();
  });

  it('is printed only once the logo has loaded', async () => {
    const calls = openReport({ name: 'Nebula Games', logo_url: logoUrl, made_with: true }, { chartless: true });
    await dataDrawn(calls);
    // Everything else is drawn; the logo is still on its way.
    expect(document.body.dataset.reportReady).toBeUndefined();
    fireEvent.load(within(header()).getByTestId('public-brand').querySelector('img')!);
    await waitFor(() => expect(document.body.dataset.reportReady).toBe('true'));
  });

  it('is printed as soon as the data is drawn when there is no logo to wait for', async () => {
    const calls = openReport({ name: 'Nebula Games', logo_url: null, made_with: true }, { chartless: true });
    await dataDrawn(calls);
    expect(document.body.dataset.reportReady).toBe('true');
  });

  it('is printed without a logo that fails to load, and drops it', async () => {
    openReport({ name: 'Nebula Games', logo_url: logoUrl, made_with: false });
    await screen.findByText('Nebula Quest review 2');
    fireEvent.error(within(header()).getByTestId('public-brand').querySelector('img')!);
    await waitFor(() => expect(document.body.dataset.reportReady).toBe('true'));
    expect(within(header()).getByTestId('public-brand').querySelector('img')).toBeNull();
    expect(within(header()).getByTestId('public-brand').textContent).toBe('Nebula Games');
  });

  it('shows no brand while the report loads, so a custom-branded page never flashes Coverwatch', async () => {
    // The report never answers here: the page stays in its loading state.
    serve(() => new Promise(() => {}));
    renderAt(<PublicReportPage />, '/p/r/:reportId', `/p/r/${ID}`);
    await screen.findByRole('banner');
    expect(screen.queryByLabelText('Coverwatch')).toBeNull();
    expect(screen.queryByText(/Coverwatch/)).toBeNull();
  });

  it('keeps the Coverwatch frame for a report that does not exist', async () => {
    serve();
    renderAt(<PublicReportPage />, '/p/r/:reportId', '/p/r/nope');
    await screen.findByText(MSG.pages.notFound);
    expect(within(header()).getByLabelText('Coverwatch')).toBeTruthy();
    expect(screen.queryByTestId('public-brand')).toBeNull();
  });
});
