import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { MSG } from '../../../common/messages';
import { tokenStore } from '../../lib/api';
import { listDocument } from '../../testing/fetch-stub';
import { PROJECT, articlesDoc, preview, renderAt, savedStream, savedVideo, serve } from './report-fixtures';
import { NewReportPage } from './routes/new-report-page';

beforeEach(() => tokenStore.set('token'));
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
  tokenStore.clear();
});

const stepper = () => screen.getByTestId('wizard-stepper');
/** The whole wizard in one test: more than vitest's default 5 s on a busy machine. */
const JOURNEY_TIMEOUT = 20_000;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

/** Answers the report calls with `count` articles for any filters (and these saved videos and streams). */
function serveWizard(count: () => number, media: { videos?: ReturnType<typeof savedVideo>[]; streams?: ReturnType<typeof savedStream>[] } = {}) {
  return serve((req) => {
    const path = req.url.pathname;
    // The saved lists page like the server's (at most 100 a page).
    const page = <T extends Record<string, unknown>>(type: string, rows: T[]) => {
      const n = Number(req.url.searchParams.get('page') ?? 1);
      const size = Math.min(100, Number(req.url.searchParams.get('sizePerPage') ?? 10));
      return { body: listDocument(type, rows.slice((n - 1) * size, n * size), n, size, rows.length) };
    };
    if (req.method === 'GET' && path === '/api/saved_videos') return page('saved_video', media.videos ?? []);
    if (req.method === 'GET' && path === '/api/saved_streams') return page('saved_stream', media.streams ?? []);
    if (req.method === 'POST' && path === '/api/reports/preview') return { body: { data: preview(count()) } };
    if (req.method === 'GET' && path === '/api/articles') return { body: articlesDoc([1, 2, 3]) };
    if (req.method === 'POST' && path === '/api/screenshots')
      return {
        status: 201,
        body: { data: { type: 'screenshot', id: '1', attributes: { article_id: '1', status: 'ready', source: 'preview', image_url: null } } },
      };
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

  it(
    'goes through the four steps and publishes a report with status 0 and its highlight',
    async () => {
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
        show_creators: true,
      });
      // Without videos or streams there is no section to show, and no switch.
      expect(screen.queryByRole('switch', { name: /Show top creators/ })).toBeNull();
      expect(post.data.attributes.date_start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(post.data.relationships.project.data.id).toBe(PROJECT);
      // The preview's article list asked for the wizard's filters, newest first, up to 5000.
      const list = calls.find((c) => c.url.pathname === '/api/articles')!.url.searchParams;
      expect(list.get('filter[project_id]')).toBe(PROJECT);
      expect(list.get('filter[date_range]')).toMatch(/^\d{4}-\d{2}-\d{2},\d{4}-\d{2}-\d{2}$/);
      expect(list.get('page_size')).toBe('5000');
      expect(list.get('sort')).toBe('-date');
    },
    JOURNEY_TIMEOUT,
  );

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

  it(
    'loads the period’s saved videos and streams, leaves out excluded tags, previews them and publishes their ids',
    async () => {
      const calls = serveWizard(() => 3, {
        videos: [savedVideo(1), savedVideo(2, { tag_id: '4', tag: 'Interviews' })],
        streams: [savedStream(9)],
      });
      await toFilters();
      expect((await screen.findByTestId('count-message')).textContent).toContain('2 videos and 1 stream saved in the period.');
      const q = calls.find((c) => c.url.pathname === '/api/saved_videos')!.url.searchParams;
      expect(q.get('project_id')).toBe(PROJECT);
      expect(q.get('startDate')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(q.get('endDate')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(q.get('sizePerPage')).toBe('100');
      await waitFor(() => expect(button('Preview').disabled).toBe(false));
      fireEvent.click(button('Preview'));
      await waitFor(() => expect(stepper().getAttribute('data-status')).toBe('STEP 2 LOADED'));
      expect(screen.getByRole('link', { name: 'Nebula Quest gameplay 1' }).getAttribute('href')).toBe('https://www.youtube.com/watch?v=nebulavid01');
      expect(screen.getByRole('link', { name: 'Nebula Quest launch stream 9' })).toBeTruthy();
      fireEvent.change(screen.getByLabelText('Report title'), { target: { value: 'March coverage' } });
      // "Show top creators" is on by default; turned off, the report is published without the section.
      const creators = screen.getByRole('switch', { name: /Show top creators/ }) as HTMLInputElement;
      expect(creators.checked).toBe(true);
      fireEvent.click(creators);
      expect(creators.checked).toBe(false);
      fireEvent.click(button('Publish'));
      await waitFor(() => expect(stepper().getAttribute('data-status')).toBe('STEP 3 LOADED'));
      const post = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/reports')!.body as { data: { attributes: Record<string, unknown> } };
      expect(post.data.attributes).toMatchObject({ videos: ['1', '2'], saved_streams: ['9'], show_creators: false });
    },
    JOURNEY_TIMEOUT,
  );

  it('keeps videos of excluded tags and streams of excluded languages out', async () => {
    const { fetchWizardMedia } = await import('./api/reports');
    const calls = serveWizard(() => 3, { videos: [savedVideo(1), savedVideo(2, { tag_id: '4' })], streams: [savedStream(9, { language: 'de' })] });
    const media = await fetchWizardMedia({
      project_id: PROJECT,
      date_start: '2024-03-01',
      date_end: '2024-03-31',
      tags_id: ['3'],
      tags_not: ['4'],
      languages: [],
      languages_not: ['de'],
    });
    expect(media.videos.map((v) => v.id)).toEqual(['1']);
    expect(media.streams).toEqual([]);
    expect(calls.find((c) => c.url.pathname === '/api/saved_videos')!.url.searchParams.get('tags')).toBe('3');
  });

  it('reads every page of the saved videos (the list gives 100 at a time)', async () => {
    const { fetchWizardMedia } = await import('./api/reports');
    const calls = serveWizard(() => 3, { videos: Array.from({ length: 230 }, (_, i) => savedVideo(i + 1)) });
    const media = await fetchWizardMedia({
      project_id: PROJECT,
      date_start: '2024-03-01',
      date_end: '2024-03-31',
      tags_id: [],
      tags_not: [],
      languages: [],
      languages_not: [],
    });
    expect(media.videos).toHaveLength(230);
    expect(new Set(media.videos.map((v) => v.id)).size).toBe(230);
    expect(calls.filter((c) => c.url.pathname === '/api/saved_videos').map((c) => c.url.searchParams.get('page'))).toEqual(['1', '2', '3']);
  });
});
