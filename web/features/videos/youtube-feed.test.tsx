import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { MSG } from '../../../common/messages';
import { FEED_KEYWORD_MESSAGE } from '../../../common/schemas/videos';
import { tokenStore } from '../../lib/api';
import { listDocument } from '../../testing/fetch-stub';
import { expectCodeBadge } from '../../testing/vocabulary';
import { FEED_ID, PROJECT_ID, callsTo, feedInfoDoc, feedVideo, renderVideosRoute, serve, userDoc, type Handler } from './video-fixtures';

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

const LIST = `/api/youtube_feed/${FEED_ID}`;
const videos = Array.from({ length: 3 }, (_, i) => feedVideo(i + 1, i === 2 ? { saved: true } : {}));

function serveFeed(opts: { user?: ReturnType<typeof userDoc>; extra?: Handler; info?: Record<string, unknown> } = {}) {
  return serve({
    user: opts.user,
    handler: async (req) => {
      const extra = await opts.extra?.(req);
      if (extra) return extra;
      const path = req.url.pathname;
      if (req.method === 'GET' && path === `${LIST}/info`) return { body: feedInfoDoc(opts.info) };
      if (req.method === 'GET' && path === LIST) {
        const doc = listDocument('youtube_video', videos, 1, 10);
        return { body: { ...doc, meta: { ...doc.meta, latest_pull: null } } };
      }
      return undefined;
    },
  });
}

async function chooseOption(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('YouTube feed: creating a feed', () => {
  it('checks the keyword, previews it once typing stops and creates the feed with what was filled in', async () => {
    let feedId: string | null = null;
    const calls = serve({
      feedId: () => feedId,
      handler: (req) => {
        if (req.url.pathname === '/api/youtube_feed/preview')
          return {
            body: {
              data: [
                {
                  youtube_video_id: 'abcdefghijk',
                  title: `Preview of ${(req.body as { keyword: string }).keyword}`,
                  thumbnail: null,
                  published_at: '2024-03-05T10:00:00Z',
                  channel_title: 'GameSpot',
                },
              ],
            },
          };
        if (req.url.pathname === '/api/youtube_feed' && req.method === 'POST') {
          feedId = FEED_ID;
          return { status: 201, body: feedInfoDoc() };
        }
        if (req.url.pathname === `${LIST}/info`) return { body: feedInfoDoc() };
        if (req.url.pathname === LIST) return { body: listDocument('youtube_video', [], 1, 10) };
        return undefined;
      },
    });
    renderVideosRoute(`/youtube-feed/${PROJECT_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Create feed' }));
    const keyword = await screen.findByRole('textbox', { name: /Keyword/ });
    expect(screen.getByText(/searched as one phrase/)).toBeTruthy();
    const dialog = screen.getByRole('dialog');

    // Too short: the rule's message, nothing sent, no preview asked.
    fireEvent.change(keyword, { target: { value: 'st' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create feed' }));
    expect(await screen.findByText(FEED_KEYWORD_MESSAGE)).toBeTruthy();
    expect(callsTo(calls, '/api/youtube_feed', 'POST')).toHaveLength(0);

    // Quick typing asks the preview once, for the last keyword.
    for (const value of ['sta', 'star', 'starf', 'starfall']) fireEvent.change(keyword, { target: { value } });
    expect(await screen.findByText('Preview of starfall')).toBeTruthy();
    const previews = callsTo(calls, '/api/youtube_feed/preview', 'POST');
    expect(previews).toHaveLength(1);
    expect(previews[0]!.body).toEqual({ keyword: 'starfall' });

    fireEvent.change(screen.getByRole('textbox', { name: 'Discord webhook' }), { target: { value: 'https://discord.com/api/webhooks/1/abc' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create feed' }));
    await waitFor(() => expect(callsTo(calls, '/api/youtube_feed', 'POST')).toHaveLength(1));
    // The empty Slack webhook is left out; the Discord one goes with its (empty) minimum.
    expect(callsTo(calls, '/api/youtube_feed', 'POST')[0]!.body).toEqual({
      keyword: 'starfall',
      project_id: PROJECT_ID,
      discord_webhook_url: 'https://discord.com/api/webhooks/1/abc',
      discord_min_subs_notification: null,
    });
    expect(await screen.findByText(MSG.videos.created)).toBeTruthy();
    // The project now has its feed: the page shows it.
    expect(await screen.findByText('Starfall Videos')).toBeTruthy();
  });

  it('explains a server without a YouTube key in the preview and shows the upgrade hint for notifications the plan lacks', async () => {
    serve({
      feedId: () => null,
      user: userDoc({ permissions: { youtube_feed: true, slack: false, discord: false } }),
      handler: (req) =>
        req.url.pathname === '/api/youtube_feed/preview'
          ? { status: 503, body: { errors: [{ status: '503', code: 'not_connected', title: 'Not connected', detail: MSG.videos.notConnected }] } }
          : undefined,
    });
    renderVideosRoute(`/youtube-feed/${PROJECT_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Create feed' }));
    fireEvent.change(await screen.findByRole('textbox', { name: /Keyword/ }), { target: { value: 'starfall' } });
    expect(await screen.findByText(/set YOUTUBE_API_KEY\. The feed can still be created/)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Slack webhook' })).toBeNull();
    expect(screen.getAllByText(MSG.videos.upgrade)).toHaveLength(2);
  });
});

describe('YouTube feed: the feed', () => {
  it('lists the videos with their columns, asks the first page of 10 newest first, and shows the feed state', async () => {
    const calls = serveFeed({ info: { state: 'error', last_error: 'The API key was rejected' } });
    renderVideosRoute(`/youtube-feed/${PROJECT_ID}`);
    expect(await screen.findByText('Starfall Videos')).toBeTruthy();
    expect(await screen.findByText(/Keyword “starfall” · last run 3 hours ago/)).toBeTruthy();
    expect(screen.getByText('The API key was rejected.')).toBeTruthy();
    const row = (await screen.findByText('Starfall gameplay part 1')).closest('tr')!;
    expect(within(row).getByText('Channel 1')).toBeTruthy();
    expect(within(row).getByText('1.5M subscribers')).toBeTruthy();
    expect(within(row).getByText('12.3K')).toBeTruthy();
    // Issue 27: the language and country as everywhere, the thumbnail column named for screen readers only.
    expectCodeBadge(row, 'en', 'English');
    expectCodeBadge(row, 'US', 'United States');
    const thumbnails = screen.getByRole('columnheader', { name: 'Thumbnail' });
    expect(within(thumbnails).getByText('Thumbnail').closest('.mantine-VisuallyHidden-root')).not.toBeNull();
    expect(within(screen.getByText('Starfall gameplay part 2').closest('tr')!).getByText('Subscribers hidden')).toBeTruthy();
    expect(within(screen.getByText('Starfall gameplay part 3').closest('tr')!).getByText('Saved')).toBeTruthy();
    const q = callsTo(calls, LIST)[0]!.url.searchParams;
    expect(Object.fromEntries(q)).toEqual({ page: '1', pageSize: '10', sortField: 'published_at', sortOrder: 'desc' });
    // Not the platform operator: no Get videos.
    expect(screen.queryByRole('button', { name: 'Get videos' })).toBeNull();
  });

  it('filters by views and dates, refuses a minimum above the maximum, and clears the filters', async () => {
    const calls = serveFeed();
    renderVideosRoute(`/youtube-feed/${PROJECT_ID}`);
    await screen.findByText('Starfall gameplay part 1');
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    fireEvent.change(await screen.findByLabelText('Min views'), { target: { value: '5000' } });
    fireEvent.change(screen.getByLabelText('Max views'), { target: { value: '100' } });
    expect(screen.getByRole('alert').textContent).toBe(MSG.videos.minBelowMax);
    expect((screen.getByRole('button', { name: 'Apply filters' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Max views'), { target: { value: '90000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(callsTo(calls, LIST).some((c) => c.url.searchParams.get('minViews') === '5000')).toBe(true));
    const filtered = callsTo(calls, LIST).find((c) => c.url.searchParams.get('minViews') === '5000')!;
    expect(filtered.url.searchParams.get('maxViews')).toBe('90000');
    expect(filtered.url.searchParams.get('page')).toBe('1');

    const before = callsTo(calls, LIST).length;
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(callsTo(calls, LIST).length).toBeGreaterThan(before));
    expect(callsTo(calls, LIST).at(-1)!.url.searchParams.get('minViews')).toBeNull();
  });

  it('searches, and sorts by a header', async () => {
    const calls = serveFeed();
    renderVideosRoute(`/youtube-feed/${PROJECT_ID}`);
    await screen.findByText('Starfall gameplay part 1');
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'boss' } });
    await waitFor(() => expect(callsTo(calls, LIST).some((c) => c.url.searchParams.get('searchTerm') === 'boss')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: /Views/ }));
    await waitFor(() => expect(callsTo(calls, LIST).at(-1)!.url.searchParams.get('sortField')).toBe('views'));
    expect(callsTo(calls, LIST).at(-1)!.url.searchParams.get('sortOrder')).toBe('asc');
    expect(callsTo(calls, LIST).at(-1)!.url.searchParams.get('searchTerm')).toBe('boss');
  });

  it('moves checked videos to saved coverage under a tag, and deletes others after confirming', async () => {
    const calls = serveFeed({
      extra: (req) => {
        if (req.url.pathname === '/api/youtube_feed/save')
          return {
            body: {
              data: {
                type: 'bulk_result',
                id: 'save',
                attributes: {
                  success: 1,
                  failed: 1,
                  results: [
                    { id: '1', status: 'OK', reason: null },
                    { id: '2', status: 'KO', reason: MSG.videos.alreadySaved },
                  ],
                },
              },
            },
          };
        if (req.url.pathname === '/api/youtube_feed' && req.method === 'DELETE')
          return { body: { data: { type: 'bulk_result', id: 'delete', attributes: { success: 1, failed: 0, results: [] } } } };
        return undefined;
      },
    });
    renderVideosRoute(`/youtube-feed/${PROJECT_ID}`);
    const row1 = (await screen.findByText('Starfall gameplay part 1')).closest('tr')!;
    const row2 = screen.getByText('Starfall gameplay part 2').closest('tr')!;
    fireEvent.click(within(row1).getByRole('checkbox', { name: 'Select row' }));
    fireEvent.click(within(row2).getByRole('checkbox', { name: 'Select row' }));
    expect(await screen.findByText('2 selected')).toBeTruthy();
    await chooseOption('Bulk action', 'Move to Saved Coverage');
    expect((screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement).disabled).toBe(true);
    await chooseOption('Tag', 'Trailers');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(callsTo(calls, '/api/youtube_feed/save', 'POST')).toHaveLength(1));
    expect(callsTo(calls, '/api/youtube_feed/save', 'POST')[0]!.body).toEqual({
      youtube_videos: [
        { video_id: '1', tag_id: '22' },
        { video_id: '2', tag_id: '22' },
      ],
    });
    expect(await screen.findByText(MSG.videos.partialSave(1, 1))).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('2 selected')).toBeNull());

    // Delete one from its row menu: asked first, then sent with the feed's id.
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Starfall gameplay part 1' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete video' }));
    expect(callsTo(calls, '/api/youtube_feed', 'DELETE')).toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(calls, '/api/youtube_feed', 'DELETE')).toHaveLength(1));
    expect(callsTo(calls, '/api/youtube_feed', 'DELETE')[0]!.body).toEqual({ videos: ['1'], keyword_id: FEED_ID });
    expect(await screen.findByText(MSG.videos.deletedCount(1))).toBeTruthy();
  });

  it('asks for a tag in a dialog (where one can be created) when the project has no active tag yet', async () => {
    const calls = serveFeed({ extra: (req) => (req.url.pathname === '/api/tags' ? { body: listDocument('tag', [], 1, 500) } : undefined) });
    renderVideosRoute(`/youtube-feed/${PROJECT_ID}`);
    const row1 = (await screen.findByText('Starfall gameplay part 1')).closest('tr')!;
    fireEvent.click(within(row1).getByRole('checkbox', { name: 'Select row' }));
    await chooseOption('Bulk action', 'Move to Saved Coverage');
    await waitFor(() => expect((screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByRole('combobox', { name: 'Tag' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save video' });
    expect(within(dialog).getByRole('combobox', { name: /Tag/ })).toBeTruthy();
    expect(callsTo(calls, '/api/youtube_feed/save', 'POST')).toHaveLength(0);
  });

  it('opens a video with the privacy-enhanced player and its description', async () => {
    serveFeed();
    renderVideosRoute(`/youtube-feed/${PROJECT_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Starfall gameplay part 1' }));
    const dialog = await screen.findByRole('dialog');
    const frame = dialog.querySelector('iframe')!;
    expect(frame.getAttribute('title')).toBe('Starfall gameplay part 1');
    expect(frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/vid00000001');
    // Plain text with its line breaks kept.
    const description = within(dialog).getByText('First line\nSecond line', { normalizer: (t) => t });
    expect(description.style.whiteSpace).toBe('pre-wrap');
    expect(within(dialog).getByText('United States')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('edits the feed sending only what changed', async () => {
    const calls = serveFeed({
      extra: (req) => (req.url.pathname === LIST && req.method === 'PATCH' ? { body: feedInfoDoc({ keyword: 'starfall remastered' }) } : undefined),
    });
    renderVideosRoute(`/youtube-feed/${PROJECT_ID}`);
    await screen.findByText(/Keyword “starfall”/);
    fireEvent.click(screen.getByRole('button', { name: 'Edit feed' }));
    const keyword = await screen.findByRole('textbox', { name: /Keyword/ });
    expect((keyword as HTMLInputElement).value).toBe('starfall');
    // Nothing changed yet: nothing to save.
    expect((screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(keyword, { target: { value: 'starfall remastered' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(callsTo(calls, LIST, 'PATCH')).toHaveLength(1));
    // The Discord webhook and its minimum were not touched: not sent.
    expect(callsTo(calls, LIST, 'PATCH')[0]!.body).toEqual({ keyword: 'starfall remastered' });
    expect(await screen.findByText(MSG.videos.updated)).toBeTruthy();
  });

  it('gives the platform operator Get videos, which polls and reports it', async () => {
    const calls = serveFeed({
      user: userDoc({ capabilities: { platform_operator: true } }),
      extra: (req) =>
        req.url.pathname === `${LIST}/refresh` ? { status: 202, body: { data: { type: 'refresh', id: FEED_ID, attributes: { queued: true } } } } : undefined,
    });
    renderVideosRoute(`/youtube-feed/${PROJECT_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Get videos' }));
    await waitFor(() => expect(callsTo(calls, `${LIST}/refresh`)).toHaveLength(1));
    expect(await screen.findByText(MSG.videos.refreshQueued)).toBeTruthy();
  });
});

describe('YouTube feed webhooks checked when saved', () => {
  const openEdit = async () => {
    renderVideosRoute(`/youtube-feed/${PROJECT_ID}`);
    await screen.findByText(/Keyword “starfall”/);
    fireEvent.click(screen.getByRole('button', { name: 'Edit feed' }));
    return screen.findByRole('textbox', { name: 'Slack webhook' });
  };

  it("shows each service's answer to the test message after saving: sent in green, a failure with the service's words", async () => {
    serveFeed({
      extra: (req) =>
        req.url.pathname === LIST && req.method === 'PATCH'
          ? {
              body: {
                ...feedInfoDoc(),
                meta: { notification_tests: { slack: { ok: false, status: 404, message: 'Slack answered 404 no_service (the webhook was revoked)' } } },
              },
            }
          : undefined,
    });
    fireEvent.change(await openEdit(), { target: { value: 'https://hooks.slack.com/services/T0/B0/revoked' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The Slack test message failed')).toBeTruthy();
    expect(screen.getByText('Slack answered 404 no_service (the webhook was revoked)')).toBeTruthy();
    expect(screen.getByText(MSG.videos.updated)).toBeTruthy();
  });

  it('says a test message was sent', async () => {
    serveFeed({
      extra: (req) =>
        req.url.pathname === LIST && req.method === 'PATCH'
          ? { body: { ...feedInfoDoc(), meta: { notification_tests: { slack: { ok: true, status: 200, message: MSG.webhooks.testSent('Slack') } } } } }
          : undefined,
    });
    fireEvent.change(await openEdit(), { target: { value: 'https://hooks.slack.com/services/T0/B0/x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(MSG.webhooks.testSent('Slack'))).toBeTruthy();
  });

  it("shows the server's refusal of a URL that is not the service's at its field", async () => {
    serveFeed({
      extra: (req) =>
        req.url.pathname === LIST && req.method === 'PATCH'
          ? {
              status: 422,
              body: { errors: [{ status: '422', code: 'validation_failed', detail: MSG.webhooks.slackHost, source: { pointer: '/slack_webhook_url' } }] },
            }
          : undefined,
    });
    fireEvent.change(await openEdit(), { target: { value: 'https://discord.com/api/webhooks/1/abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(MSG.webhooks.slackHost)).toBeTruthy();
    expect(screen.queryByText(MSG.videos.updated)).toBeNull();
  });
});
