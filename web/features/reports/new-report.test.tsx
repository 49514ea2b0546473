import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { MSG } from '../../../common/messages';
import { tokenStore } from '../../lib/api';
import { PROJECT, articlesDoc, preview, renderAt, serve } from './report-fixtures';
import { NewReportPage } from './routes/new-report-page';

beforeEach(() => tokenStore.set('token'));
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
  tokenStore.clear();
});

const stepper = () => screen.getByTestId('wizard-stepper');
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

/** Answers the report calls with `count` articles for any filters. */
function serveWizard(count: () => number) {
  return serve((req) => {
    const path = req.url.pathname;
    if (req.method === 'POST' && path === '/api/reports/preview') return { body: { data: preview(count()) } };
    if (req.method === 'GET' && path === '/api/articles') return { body: articlesDoc([1, 2, 3]) };
    if (req.method === 'POST' && path === '/api/screenshots')
      return { status: 201, body: { data: { type: 'screenshot', id: '1', attributes: { article_id: '1', status: 'ready', source: 'preview', image_url: null } } } };
    if (req.method === 'POST' && path === '/api/reports') {
      const attributes = { ...(req.body as { data: { attributes: Record<string, unknown> } }).data.attributes };
      return { status: 201, body: { data: { type: 'report', id: 'AbCdEfGhIjKlMnOpQrStUv', attributes } } };
    }
    return undefined;
  });
}

async function toFilters() {
  renderAt(<NewReportPage />, '/new-report/:projectId', `/new-report/${PROJECT}`);
  await waitFor(() => expect(stepper().getAttribute('data-status')).toBe('STEP 0 LOADED'));
  // The default period: one month back to today.
  expect(screen.getByLabelText('Date range')).toBeTruthy();
  fireEvent.click(button('Filters'));
  await waitFor(() => expect(stepper().getAttribute('data-status')).toBe('STEP 1 LOADED'));
}

describe('Create a new report', () => {
  it('says when no article matches and keeps Preview disabled', async () => {
    serveWizard(() => 0);
    await toFilters();
    expect((await screen.findByTestId('count-message')).textContent).toContain(MSG.reports.noArticles);
    expect(button('Preview').disabled).toBe(true);
  });

  it('refuses more than 10000 articles', async () => {
    serveWizard(() => 10001);
    await toFilters();
    expect((await screen.findByTestId('count-message')).textContent).toContain(MSG.reports.tooManyArticles);
    expect(button('Preview').disabled).toBe(true);
  });

  it('goes through the four steps and publishes a report with status 0 and its highlight', async () => {
    const calls = serveWizard(() => 3);
    await toFilters();
    expect((await screen.findByTestId('count-message')).textContent).toContain('3 articles found with these filters');
    // Back returns to step 0 with the dates editable, and Filters comes back to step 1.
    fireEvent.click(button('Back'));
    expect(stepper().getAttribute('data-status')).toBe('STEP 0 LOADED');
    expect((screen.getByLabelText('Date range') as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(button('Filters'));
    await waitFor(() => expect(button('Preview').disabled).toBe(false));

    fireEvent.click(button('Preview'));
    await waitFor(() => expect(stepper().getAttribute('data-status')).toBe('STEP 2 LOADED'));
    const title = screen.getByLabelText('Report title') as HTMLInputElement;
    expect(title.value).toContain('Nebula Quest coverage');
    // The actions sit after the preview in the page's flow, never over its totals cards.
    const actions = screen.getByTestId('wizard-actions');
    expect(actions.style.position).not.toBe('sticky');
    expect(screen.getByTestId('total-articles').compareDocumentPosition(actions) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // A period without videos or streams previews no empty Videos / Streams blocks.
    expect(screen.queryByTestId('videos-empty')).toBeNull();

    fireEvent.change(title, { target: { value: 'ab' } });
    expect(button('Publish').disabled).toBe(true);
    fireEvent.change(title, { target: { value: 'x'.repeat(140) } });
    expect(title.value).toHaveLength(127);
    fireEvent.change(title, { target: { value: 'March coverage' } });
    expect(button('Publish').disabled).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Highlight: Nebula Quest review 2' }));
    await screen.findByText(MSG.modal.highlightSaved);

    fireEvent.click(button('Publish'));
    await waitFor(() => expect(stepper().getAttribute('data-status')).toBe('STEP 3 LOADED'));
    expect((screen.getByTestId('public-link') as HTMLInputElement).value).toBe(`${window.location.origin}/p/r/AbCdEfGhIjKlMnOpQrStUv`);

    const post = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/reports')!.body as {
      data: { attributes: Record<string, unknown>; relationships: { project: { data: { id: string } } } };
    };
    expect(post.data.attributes).toMatchObject({
      name: 'March coverage',
      status: 0,
      table_type: 0,
      table_template: '{{title}} | {{score}}',
      screenshots: [{ article_id: '2', article_url: 'https://www.gamespot.com/reviews/nebula-2' }],
      tags_id: [],
      languages_not: [],
      videos: [],
      saved_streams: [],
    });
    expect(post.data.attributes.date_start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(post.data.relationships.project.data.id).toBe(PROJECT);
    // The preview's article list asked for the wizard's filters, newest first, up to 5000.
    const list = calls.find((c) => c.url.pathname === '/api/articles')!.url.searchParams;
    expect(list.get('filter[project_id]')).toBe(PROJECT);
    expect(list.get('filter[date_range]')).toMatch(/^\d{4}-\d{2}-\d{2},\d{4}-\d{2}-\d{2}$/);
    expect(list.get('page_size')).toBe('5000');
    expect(list.get('sort')).toBe('-date');
  });

  it('switches the articles to a custom list with a live template preview', async () => {
    serveWizard(() => 3);
    await toFilters();
    await waitFor(() => expect(button('Preview').disabled).toBe(false));
    fireEvent.click(button('Preview'));
    await waitFor(() => expect(stepper().getAttribute('data-status')).toBe('STEP 2 LOADED'));
    fireEvent.click(screen.getByText('Custom list'));
    const template = screen.getByLabelText('Row template') as HTMLInputElement;
    fireEvent.change(template, { target: { value: '{{domain}}: {{title}} <b>' } });
    const rows = within(screen.getByTestId('template-preview')).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0].textContent).toBe('gamespot.com: Nebula Quest review 1 <b>');
    expect(rows[0].querySelector('b')).toBeNull();
  });
});
