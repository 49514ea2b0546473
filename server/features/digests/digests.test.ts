import { describe, expect, it } from 'vitest';
import { addToFeed, makeAlert, makeWebsite } from '../../../test/helpers/coverage-factories.js';
import { makeOrg, makeProject } from '../../../test/helpers/factories.js';
import { countsLine } from './digest-mail.js';
import { runDigests } from './service.js';
import { ctx, deps, mailsTo, matched, minutes, subRow, subscribed, useDigestsContext } from './digests-setup.js';

// What a digest says: its articles, videos and streams, its subject line. When and how often it goes
// out, and unsubscribing: digests-delivery.test.ts.
useDigestsContext();

describe('digest content', () => {
  it('mails only the coverage after the watermark, top 10 by media score, with outlet, matched words and "and N more"', async () => {
    const now = new Date('2031-03-04T10:00:00Z');
    const since = new Date(now.getTime() - minutes(60));
    const s = await subscribed({ since, keywords: '"nova" OR "orbit"' });
    const site = await makeWebsite(ctx, { domain: 'gamespot.example', name: 'GameSpot' });
    await matched(s.alert, new Date(since.getTime() - minutes(5)), [{ title: 'Nova old news, already mailed', reach: 10 }]);
    const fresh = Array.from({ length: 12 }, (_, i) => ({
      title: `Nova story ${i}`,
      reach: i + 0.5,
      description: i === 11 ? 'Into orbit we go' : '',
      websiteId: site.id,
    }));
    await matched(s.alert, new Date(since.getTime() + minutes(10)), fresh);
    await matched(s.alert, new Date(now.getTime() + minutes(1)), [{ title: 'Nova from the future (next digest)', reach: 10 }]);

    const result = await runDigests(deps(), now);
    expect(result).toMatchObject({ sent: 1 });
    const [mail] = await mailsTo(s.admin.user.id);
    expect(mail.subject).toBe('Nova Launch: 12 new articles');
    expect(mail.toAddress).toBe(s.admin.user.email);
    expect(mail.organizationId).toBe(s.org.id);
    expect(mail.textBody).not.toContain('already mailed');
    expect(mail.textBody).not.toContain('from the future');
    // Best first: story 11 (score 11.5) … story 2; stories 0 and 1 are counted, not listed.
    expect(mail.textBody.indexOf('Nova story 11')).toBeLessThan(mail.textBody.indexOf('Nova story 10'));
    expect(mail.textBody).toContain('Nova story 2');
    expect(mail.textBody).not.toContain('Nova story 1\n');
    expect(mail.textBody).toContain('…and 2 more');
    expect(mail.textBody).toContain('GameSpot');
    expect(mail.textBody).toMatch(/Matched: Nova, orbit/);
    expect(mail.htmlBody).toContain('>Nova story 11</a>');
    expect(mail.htmlBody).toContain('Why you get this');
    const tokenRow = await subRow(s.id);
    expect(mail.textBody).toContain(`https://cw.example/unsubscribe/${tokenRow.unsubscribeToken}`);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<https://cw.example/api/p/unsubscribe/${tokenRow.unsubscribeToken}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(tokenRow.coveredUntil.toISOString()).toBe(now.toISOString());
    expect(tokenRow.lastSentAt?.toISOString()).toBe(now.toISOString());
  });

  it('takes in every alert of the project (Agency plans have several), an article two alerts matched once', async () => {
    const now = new Date('2031-03-05T10:00:00Z');
    const since = new Date(now.getTime() - minutes(60));
    const s = await subscribed({ since, keywords: '"nova"', projectName: 'Nova Saga' });
    const second = await makeAlert(ctx, s.org.id, { projectId: s.project.id, keywords: '"orbit"' });
    const [both] = await matched(s.alert, new Date(since.getTime() + minutes(5)), [{ title: 'Nova goes into orbit', reach: 5 }]);
    await addToFeed(ctx, second, [both!]);
    await matched(second, new Date(since.getTime() + minutes(10)), [{ title: 'Orbit, the sequel', reach: 4 }]);
    // Another organization's alert on a project of its own never reaches this digest.
    const other = await makeOrg(ctx, { name: 'Elsewhere' });
    const otherProject = await makeProject(ctx, other.org.id, { name: 'Elsewhere' });
    const otherAlert = await makeAlert(ctx, other.org.id, { projectId: otherProject.id, keywords: '"orbit"' });
    await matched(otherAlert, new Date(since.getTime() + minutes(10)), [{ title: 'Orbit elsewhere', reach: 9 }]);

    await runDigests(deps(), now);
    const [mail] = await mailsTo(s.admin.user.id);
    expect(mail.subject).toBe('Nova Saga: 2 new articles');
    expect(mail.textBody).toContain('Orbit, the sequel');
    expect(mail.textBody.match(/Nova goes into orbit/g)).toHaveLength(1);
    expect(mail.textBody).not.toContain('Orbit elsewhere');
  });

  it('escapes hostile titles and outlet names and never links a javascript: URL', async () => {
    const now = new Date('2031-03-05T10:00:00Z');
    const s = await subscribed({ since: new Date(now.getTime() - minutes(30)), projectName: 'P <b>&</b>' });
    const site = await makeWebsite(ctx, { name: '<img src=x onerror=alert(1)>' });
    await matched(s.alert, new Date(now.getTime() - minutes(10)), [
      { title: 'Nova <script>alert("x")</script>', websiteId: site.id },
      { title: 'Nova "quoted" link', url: 'https://ok.example/a?b=1&c="2"' },
    ]);
    await runDigests(deps(), now);
    const [mail] = await mailsTo(s.admin.user.id);
    expect(mail.htmlBody).not.toMatch(/<script|<img|<b>/);
    expect(mail.htmlBody).toContain('Nova &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mail.htmlBody).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.htmlBody).toContain('P &lt;b&gt;&amp;&lt;/b&gt;');
    expect(mail.htmlBody).not.toMatch(/href="[^"]*"2"/);
    expect(mail.subject).toBe('P <b>&</b>: 2 new articles');
  });

  it('sends nothing when there is no new coverage, and moves the watermark', async () => {
    const now = new Date('2031-03-06T10:00:00Z');
    const s = await subscribed({ since: new Date(now.getTime() - minutes(30)) });
    const result = await runDigests(deps(), now);
    expect(result.sent).toBe(0);
    expect(await mailsTo(s.admin.user.id)).toHaveLength(0);
    expect((await subRow(s.id)).coveredUntil.toISOString()).toBe(now.toISOString());
    expect((await subRow(s.id)).lastSentAt).toBeNull();
  });

  it('skips switched-off subscriptions and deleted feed rows', async () => {
    const now = new Date('2031-03-07T10:00:00Z');
    const s = await subscribed({ since: new Date(now.getTime() - minutes(30)) });
    await matched(s.alert, new Date(now.getTime() - minutes(5)), [{ title: 'Nova while off' }]);
    await ctx.call('POST', '/api/notifications', {
      token: s.token,
      body: { data: { type: 'notification', attributes: { project_id: s.project.id, user_id: s.admin.user.id } } },
    });
    await runDigests(deps(), now);
    expect(await mailsTo(s.admin.user.id)).toHaveLength(0);
  });
});

describe('subject line', () => {
  it('counts each kind, "new" on the first, thousands grouped', () => {
    const n = (total: number) => ({ total, items: [] });
    expect(countsLine({ articles: n(1234), videos: n(1), streams: n(2) })).toBe('1,234 new articles, 1 video, 2 streams');
    expect(countsLine({ articles: n(0), videos: n(0), streams: n(1) })).toBe('1 new stream');
  });
});

describe('videos and streams', () => {
  it('lists the project feed’s new videos and streams by views, top 5 each, in the subject too', async () => {
    const now = new Date('2031-03-08T10:00:00Z');
    const s = await subscribed({ since: new Date(now.getTime() - minutes(30)), projectName: 'Media Project' });
    const q = (text: string, params: unknown[]) => ctx.deps.pool.query(text, params);
    const found = new Date(now.getTime() - minutes(10)).toISOString();
    const search = await q(`insert into youtube_searches (query) values ('nova digest') returning id`, []);
    const feed = await q(`insert into youtube_feeds (organization_id, project_id, keyword, search_id) values ($1, $2, 'nova', $3) returning id`, [
      s.org.id,
      s.project.id,
      search.rows[0].id,
    ]);
    await q(`insert into youtube_channels (id, title) values ('UCdigest', 'Nova Channel') on conflict do nothing`, []);
    for (let i = 0; i < 6; i++) {
      const v = await q(`insert into youtube_videos (video_id, channel_id, title, published_at, views) values ($1, 'UCdigest', $2, now(), $3) returning id`, [
        `vid${i}digest`.padEnd(11, 'x'),
        `Nova video ${i}`,
        i * 100,
      ]);
      await q(`insert into youtube_feed_videos (feed_id, video_id, organization_id, inserted_at) values ($1, $2, $3, $4)`, [
        feed.rows[0].id,
        v.rows[0].id,
        s.org.id,
        found,
      ]);
    }
    await q(`insert into twitch_games (id, name) values ('990001', 'Nova Game') on conflict do nothing`, []);
    const tfeed = await q(`insert into twitch_feeds (organization_id, project_id, keyword, game_id) values ($1, $2, 'nova', '990001') returning id`, [
      s.org.id,
      s.project.id,
    ]);
    await q(`insert into twitch_channels (id, login, display_name) values ('990002', 'novacaster', 'NovaCaster') on conflict do nothing`, []);
    const item = await q(
      `insert into twitch_items (kind, twitch_id, twitch_video_id, broadcaster_id, game_id, title, url, published_at, view_count)
       values ('video', '990003', '990003', '990002', '990001', 'Nova stream', 'https://www.twitch.tv/videos/990003', now(), 42) returning id`,
      [],
    );
    await q(`insert into twitch_feed_items (feed_id, item_id, organization_id, inserted_at) values ($1, $2, $3, $4)`, [
      tfeed.rows[0].id,
      item.rows[0].id,
      s.org.id,
      found,
    ]);

    await runDigests(deps(), now);
    const [mail] = await mailsTo(s.admin.user.id);
    expect(mail.subject).toBe('Media Project: 6 new videos, 1 stream');
    expect(mail.textBody.indexOf('Nova video 5')).toBeLessThan(mail.textBody.indexOf('Nova video 1'));
    expect(mail.textBody).not.toContain('Nova video 0');
    expect(mail.textBody).toContain('…and 1 more');
    expect(mail.textBody).toContain('Nova Channel');
    expect(mail.textBody).toContain('https://www.youtube.com/watch?v=vid5digestx');
    expect(mail.textBody).toContain('NovaCaster');
    expect(mail.htmlBody).toContain('href="https://www.twitch.tv/videos/990003"');
  });

  it('mails nothing for an organization whose workspace is closed (trial over)', async () => {
    const now = new Date('2031-03-09T10:00:00Z');
    const s = await subscribed({ since: new Date(now.getTime() - minutes(30)) });
    await matched(s.alert, new Date(now.getTime() - minutes(5)), [{ title: 'Nova behind the paywall' }]);
    await ctx.deps.pool.query(`update organizations set plan = 'trial', trial_ends_at = $2 where id = $1`, [s.org.id, new Date(now.getTime() - minutes(60))]);
    await runDigests(deps(), now);
    expect(await mailsTo(s.admin.user.id)).toHaveLength(0);
    // The watermark waits for the upgrade.
    expect((await subRow(s.id)).coveredUntil.getTime()).toBeLessThan(now.getTime());
  });
});
