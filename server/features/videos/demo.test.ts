import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { bootstrap } from '../../seed/seed.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SEED_DEMO: 'true', ADMIN_PASSWORD: 'demo-admin-pw-1' });
  await bootstrap(ctx.deps.db, ctx.config);
});
afterAll(() => ctx.close());

const q = <T = Record<string, unknown>>(text: string) => ctx.deps.pool.query(text).then((r) => r.rows as T[]);

describe('demo videos', () => {
  it('gives Starfall Launch a YouTube feed with believable videos and a few saved ones, without spending quota', async () => {
    const [feed] = await q<{ id: number; keyword: string; project: string; linked: number }>(
      `select f.id, f.keyword, p.name as project, p.youtube_search_id as linked from youtube_feeds f join projects p on p.id = f.project_id`,
    );
    expect(feed).toMatchObject({ keyword: 'Starfall', project: 'Starfall Launch' });
    expect(feed.linked).toBe(feed.id);
    const videos = await q<{ channel_id: string; published_at: Date; title: string }>(
      `select v.channel_id, v.published_at, v.title from youtube_feed_videos fv join youtube_videos v on v.id = fv.video_id where fv.feed_id = ${feed.id}`,
    );
    expect(videos.length).toBe(25);
    expect(new Set(videos.map((v) => v.channel_id)).size).toBe(8);
    const oldest = Math.min(...videos.map((v) => v.published_at.getTime()));
    expect(Date.now() - oldest).toBeLessThan(21 * 86_400_000);
    expect(videos.every((v) => /starfall/i.test(v.title))).toBe(true);
    const saved = await q<{ tag: string; channel_title: string }>(
      `select t.name as tag, s.channel_title from saved_videos s join tags t on t.id = s.tag_id order by s.id`,
    );
    expect(saved.map((s) => s.tag).sort()).toEqual(['Previews', 'Reviews', 'Reviews', 'Reviews']);
    expect(saved.every((s) => s.channel_title !== '')).toBe(true);
    expect(await q('select * from youtube_quota')).toEqual([]);
    expect(await q(`select 1 from notification_outbox where subject = 'video'`)).toEqual([]);
  });
});
