import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { MSG } from '../../../common/messages';
import { YOUTUBE_URL_MESSAGE } from '../../../common/schemas/videos';
import { tokenStore } from '../../lib/api';
import { listDocument } from '../../testing/fetch-stub';
import { expectTagPill } from '../../testing/vocabulary';
import { PROJECT_ID, callsTo, renderVideosRoute, savedVideo, serve, type Handler } from './video-fixtures';

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

const LIST = '/api/saved_videos';
const rows = [savedVideo(1), savedVideo(2, { channel_country: 'FR', tag: 'Trailers', tag_id: '22' })];

function serveSaved(extra?: Handler) {
  return serve({
    handler: async (req) => {
      const answer = await extra?.(req);
      if (answer) return answer;
      if (req.method === 'GET' && req.url.pathname === LIST) return { body: listDocument('saved_video', rows, 1, 10) };
      return undefined;
    },
  });
}

async function chooseOption(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('saved videos', () => {
  it("lists the project's saved videos ten per page with their tag", async () => {
    const calls = serveSaved();
    renderVideosRoute(`/videos/${PROJECT_ID}`);
    const row = (await screen.findByText('Saved Starfall video 2')).closest('tr')!;
    expectTagPill(row, 'Trailers');
    expect(within(row).getByText('90K subscribers')).toBeTruthy();
    expect(within(row).getByText('4.2K')).toBeTruthy();
    const q = callsTo(calls, LIST)[0]!.url.searchParams;
    expect(Object.fromEntries(q)).toEqual({ page: '1', sizePerPage: '10', sortField: 'published_at', sortOrder: 'desc', project_id: PROJECT_ID });
  });

  it('filters by tags and subscribers', async () => {
    const calls = serveSaved();
    renderVideosRoute(`/videos/${PROJECT_ID}`);
    await screen.findByText('Saved Starfall video 1');
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    await chooseOption('Tags', 'Reviews');
    fireEvent.change(screen.getByLabelText('Min subscribers'), { target: { value: '1000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(callsTo(calls, LIST).some((c) => c.url.searchParams.get('tags') === '21')).toBe(true));
    const filtered = callsTo(calls, LIST).find((c) => c.url.searchParams.get('tags') === '21')!;
    expect(filtered.url.searchParams.get('minFollowers')).toBe('1000');
    expect(filtered.url.searchParams.get('project_id')).toBe(PROJECT_ID);
  });

  it('adds a video by its address: a non-YouTube link is refused before sending, a youtu.be link is sent with its tag', async () => {
    const calls = serveSaved((req) =>
      req.url.pathname === `${LIST}/save_missing_video`
        ? { status: 201, body: { data: { type: 'saved_video', id: '9', attributes: savedVideo(9) } } }
        : undefined,
    );
    renderVideosRoute(`/videos/${PROJECT_ID}`);
    await screen.findByText('Saved Starfall video 1');
    fireEvent.click(screen.getByRole('button', { name: 'Add new' }));
    const dialog = await screen.findByRole('dialog');
    const url = within(dialog).getByRole('textbox', { name: /YouTube video link/ });
    fireEvent.change(url, { target: { value: 'https://vimeo.com/123456' } });
    await chooseOption('Tag', 'Reviews');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add video' }));
    expect(await within(dialog).findByText(YOUTUBE_URL_MESSAGE)).toBeTruthy();
    expect(callsTo(calls, `${LIST}/save_missing_video`, 'POST')).toHaveLength(0);

    fireEvent.change(url, { target: { value: 'https://youtu.be/dQw4w9WgXcQ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add video' }));
    await waitFor(() => expect(callsTo(calls, `${LIST}/save_missing_video`, 'POST')).toHaveLength(1));
    expect(callsTo(calls, `${LIST}/save_missing_video`, 'POST')[0]!.body).toEqual({ youtube_video_url: 'https://youtu.be/dQw4w9WgXcQ', tag_id: '21' });
    expect(await screen.findByText(MSG.videos.videoAdded)).toBeTruthy();
  });

  it("shows the server's reason under the link when YouTube has no such video", async () => {
    serveSaved((req) =>
      req.url.pathname === `${LIST}/save_missing_video`
        ? {
            status: 422,
            body: {
              errors: [{ status: '422', code: 'invalid', title: 'Invalid', detail: MSG.videos.notFoundAtUrl, source: { pointer: '/youtube_video_url' } }],
            },
          }
        : undefined,
    );
    renderVideosRoute(`/videos/${PROJECT_ID}`);
    await screen.findByText('Saved Starfall video 1');
    fireEvent.click(screen.getByRole('button', { name: 'Add new' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /YouTube video link/ }), { target: { value: 'https://www.youtube.com/shorts/dQw4w9WgXcQ' } });
    await chooseOption('Tag', 'Reviews');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add video' }));
    expect(await within(dialog).findByText(MSG.videos.notFoundAtUrl)).toBeTruthy();
  });

  it("edits a video sending only the non-empty fields that changed, and shows the server's message", async () => {
    const calls = serveSaved((req) =>
      req.method === 'PATCH' && req.url.pathname === `${LIST}/1`
        ? { body: { data: { type: 'saved_video', id: '1', attributes: savedVideo(1, { title: 'New title' }) }, meta: { message: 'Video has been edited.' } } }
        : undefined,
    );
    renderVideosRoute(`/videos/${PROJECT_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Saved Starfall video 1' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Title' }), { target: { value: '  New title ' } });
    // Emptied: kept as saved, not sent.
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Description' }), { target: { value: '' } });
    fireEvent.change(within(dialog).getByLabelText('Views'), { target: { value: '5000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(callsTo(calls, `${LIST}/1`, 'PATCH')).toHaveLength(1));
    expect(callsTo(calls, `${LIST}/1`, 'PATCH')[0]!.body).toEqual({ title: 'New title', views: 5000 });
    expect(await screen.findByText('Video has been edited.')).toBeTruthy();
  });

  it('deletes checked videos after confirming, and says so when it fails', async () => {
    let fail = false;
    const calls = serveSaved((req) => {
      if (req.method !== 'DELETE' || req.url.pathname !== LIST) return undefined;
      return fail
        ? { status: 500, body: { errors: [] } }
        : { body: { data: { type: 'bulk_result', id: 'delete', attributes: { success: 2, failed: 0, results: [] } } } };
    });
    renderVideosRoute(`/videos/${PROJECT_ID}`);
    await screen.findByText('Saved Starfall video 1');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Delete 2 videos from Saved Coverage/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(calls, LIST, 'DELETE')).toHaveLength(1));
    expect(callsTo(calls, LIST, 'DELETE')[0]!.body).toEqual({ video_ids: ['1', '2'] });
    expect(await screen.findByText(MSG.videos.deletedCount(2))).toBeTruthy();

    fail = true;
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Saved Starfall video 1' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MSG.videos.deleteFailed)).toBeTruthy();
  });
});
