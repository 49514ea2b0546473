import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { MSG } from '../../../common/messages';
import { TWITCH_URL_MESSAGE } from '../../../common/schemas/streams';
import { tokenStore } from '../../lib/api';
import { listDocument } from '../../testing/fetch-stub';
import { expectCodeBadge, expectTagPill } from '../../testing/vocabulary';
import type { SavedStream } from './api/saved-streams';
import { SavedStreamEditModal } from './components/saved-stream-edit-modal';
import { SavedStreamNewModal } from './components/saved-stream-new-modal';
import { SavedStreamsPage } from './routes/saved-streams-page';
import { PROJECT_ID, bulk, calls, renderAt, savedStream, serve, type Handler } from './streams-fixtures';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => tokenStore.set('test-token'));
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
  tokenStore.clear();
});

const rows = [savedStream(1), savedStream(2, { title: 'Starfall dev interview', followers: 1_250_000, tag: 'Launch' }), savedStream(3, { language: 'fr' })];

function serveSaved(extra?: Handler) {
  return serve({
    handler: async (req) => {
      const e = await extra?.(req);
      if (e) return e;
      if (req.method === 'GET' && req.url.pathname === '/api/saved_streams') return { body: listDocument('saved_stream', rows, 1, 10) };
      return undefined;
    },
  });
}

const renderPage = () => renderAt(<SavedStreamsPage />, '/streams/:projectId', `/streams/${PROJECT_ID}`);
const renderModal = (ui: React.ReactElement) => renderAt(ui, '/streams/:projectId', `/streams/${PROJECT_ID}`);
const rowOf = (title: string) => screen.getByText(title).closest('tr')!;

describe('Saved streams list', () => {
  it('lists the project’s saved streams in the spec’s spelling, filters them and deletes checked ones', async () => {
    let deleted: unknown;
    const all = serveSaved((req) => {
      if (req.method === 'DELETE' && req.url.pathname === '/api/saved_streams') {
        deleted = req.body;
        return { body: bulk(2) };
      }
      return undefined;
    });
    renderPage();
    const big = await screen.findByText('Starfall dev interview');
    // Titled like Saved Videos: "{project} Saved Streams".
    expect(await screen.findByRole('heading', { name: 'Starfall Saved Streams' })).toBeTruthy();
    expect(within(big.closest('tr')!).getByText('1.2M')).toBeTruthy();
    expectTagPill(rowOf('Starfall launch stream 1'), 'Launch');
    expectCodeBadge(rowOf('Starfall launch stream 3'), 'fr', 'French');

    const first = calls(all, '/api/saved_streams').at(-1)!.url.searchParams;
    expect(Object.fromEntries(first)).toEqual({ page: '1', sizePerPage: '10', sortField: 'published_at', sortOrder: 'desc', project_id: PROJECT_ID });

    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    fireEvent.change(await screen.findByLabelText('Max followers'), { target: { value: '100000' } });
    fireEvent.click(screen.getByRole('combobox', { name: 'Tags' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Launch' }));
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(calls(all, '/api/saved_streams').at(-1)!.url.searchParams.get('maxFollowers')).toBe('100000'));
    expect(calls(all, '/api/saved_streams').at(-1)!.url.searchParams.get('tags')).toBe('21');
    // No view bounds on saved streams.
    expect(screen.queryByLabelText('Min views')).toBeNull();

    fireEvent.click(within(rowOf('Starfall launch stream 1')).getByLabelText('Select row'));
    fireEvent.click(within(rowOf('Starfall launch stream 3')).getByLabelText('Select row'));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete 2 streams')).toBeTruthy();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MSG.streams.deletedCount(2))).toBeTruthy();
    expect(deleted).toEqual({ stream_ids: ['1', '3'] });
  });

  it('shows a saved video in Twitch’s player', async () => {
    serveSaved();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Starfall dev interview' }));
    const player = await screen.findByTitle('Starfall dev interview');
    expect(player.getAttribute('src')).toBe('https://player.twitch.tv/?video=2002&parent=localhost&autoplay=false');
    // Saved streams are already saved: no Save button.
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe('Add a stream', () => {
  it('accepts only Twitch https addresses, needs a tag, and sends the link with its tag', async () => {
    let sent: unknown;
    serve({
      handler: (req) => {
        if (req.method !== 'POST' || req.url.pathname !== '/api/saved_streams/save_missing_stream') return undefined;
        sent = req.body;
        return { status: 201, body: { data: { type: 'saved_stream', id: '9', attributes: savedStream(9) } } };
      },
    });
    renderModal(<SavedStreamNewModal opened onClose={() => {}} projectId={PROJECT_ID} />);
    const link = screen.getByLabelText(/Twitch link/);
    const add = () => screen.getByRole('button', { name: 'Add stream' }) as HTMLButtonElement;

    for (const bad of ['http://www.twitch.tv/videos/1', 'https://www.youtube.com/watch?v=abc', 'twitch.tv/novaruns']) {
      fireEvent.change(link, { target: { value: bad } });
      fireEvent.blur(link);
      expect(screen.getByText(TWITCH_URL_MESSAGE)).toBeTruthy();
      expect(add().disabled).toBe(true);
    }
    fireEvent.change(link, { target: { value: 'https://www.twitch.tv/videos/2001' } });
    expect(screen.queryByText(TWITCH_URL_MESSAGE)).toBeNull();
    // Still no tag.
    expect(add().disabled).toBe(true);
    fireEvent.click(screen.getByRole('combobox', { name: 'Tag' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Launch' }));
    expect(add().disabled).toBe(false);
    fireEvent.click(add());
    await waitFor(() => expect(sent).toEqual({ stream_url: 'https://www.twitch.tv/videos/2001', tag_id: '21' }));
    expect(await screen.findByText(MSG.streams.streamAdded)).toBeTruthy();
  });

  it('shows the server’s reason under the link when nothing is found there', async () => {
    serve({
      handler: (req) =>
        req.method === 'POST'
          ? {
              status: 422,
              body: {
                errors: [{ status: '422', code: 'validation', title: 'Invalid', detail: MSG.streams.notFoundAtUrl, source: { pointer: '/stream_url' } }],
              },
            }
          : undefined,
    });
    renderModal(<SavedStreamNewModal opened onClose={() => {}} projectId={PROJECT_ID} />);
    fireEvent.change(screen.getByLabelText(/Twitch link/), { target: { value: 'https://www.twitch.tv/nobody_here' } });
    fireEvent.click(screen.getByRole('combobox', { name: 'Tag' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Launch' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add stream' }));
    expect(await screen.findByText(MSG.streams.notFoundAtUrl)).toBeTruthy();
  });
});

describe('Edit a saved stream', () => {
  const stream = { ...savedStream(5), id: '5' } as unknown as SavedStream;

  it('sends only the fields that changed and are not empty, and toasts the server’s message', async () => {
    let patched: unknown;
    serve({
      handler: (req) => {
        if (req.method !== 'PATCH' || req.url.pathname !== '/api/saved_streams/5') return undefined;
        patched = req.body;
        return { body: { data: { type: 'saved_stream', id: '5', attributes: savedStream(5) }, meta: { message: 'Stream has been edited.' } } };
      },
    });
    renderModal(<SavedStreamEditModal opened onClose={() => {}} projectId={PROJECT_ID} stream={stream} />);
    const save = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save().disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Starfall launch, the full stream' } });
    // Emptied: left as it is, not erased.
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Followers'), { target: { value: '9000' } });
    expect(save().disabled).toBe(false);
    fireEvent.click(save());

    await waitFor(() => expect(patched).toEqual({ title: 'Starfall launch, the full stream', followers: 9000 }));
    expect(await screen.findByText('Stream has been edited.')).toBeTruthy();
  });
});
