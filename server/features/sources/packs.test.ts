import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CAPABILITIES_BY_LEGACY_ID } from '../../../common/plans.js';
import { ROLE } from '../../../common/limits.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { addMember, makeOrg } from '../../../test/helpers/factories.js';
import { loadDirectory, type Directory } from './directory.js';
import { syncDirectory } from './directory-sync.js';

let ctx: TestContext;
let operator: Awaited<ReturnType<typeof makeOrg>>;
let customer: Awaited<ReturnType<typeof makeOrg>>;
const directory = loadDirectory();

const rows = async <T = Record<string, unknown>>(q: ReturnType<typeof sql>) => (await ctx.deps.db.execute(q)).rows as T[];
const patchPack = (id: string, enabled: boolean, token = operator.token) =>
  ctx.call('PATCH', `/api/source_packs/${encodeURIComponent(id)}`, { token, body: { data: { type: 'source_pack', id, attributes: { enabled } } } });

beforeAll(async () => {
  ctx = await createTestContext();
  operator = await makeOrg(ctx, { name: 'Operator', plan: 'admin', capabilities: CAPABILITIES_BY_LEGACY_ID[1] });
  customer = await makeOrg(ctx, { name: 'Aurora Interactive' });
});
afterAll(() => ctx?.close());

describe('the outlet directory in a fresh installation', () => {
  it('is written as websites and feeds, none enabled, and a second start writes nothing', async () => {
    const first = await syncDirectory(ctx.deps.db, directory);
    expect(first).toMatchObject({ unchanged: false, websitesAdded: directory.outlets.length, outlets: directory.outlets.length });
    expect(first.feedsAdded).toBe(directory.outlets.reduce((n, o) => n + o.feeds.length, 0));
    const [counts] = await rows<{ websites: number; languages: number; enabled: number; feeds: number }>(sql`
      select (select count(*)::int from websites where directory is not null) as websites,
             (select count(distinct language)::int from websites where directory is not null) as languages,
             (select count(*)::int from feeds where not disabled) as enabled,
             (select count(*)::int from feeds where origin = 'directory') as feeds`);
    expect(counts.websites).toBeGreaterThanOrEqual(400);
    expect(counts.languages).toBeGreaterThanOrEqual(10);
    expect(counts.enabled).toBe(0);
    expect(counts.feeds).toBe(first.feedsAdded);
    expect(await syncDirectory(ctx.deps.db, directory)).toMatchObject({ unchanged: true, websitesAdded: 0, feedsAdded: 0 });
  });

  it('lists the packs for the operator with their outlets, and offers the first-run screen once', async () => {
    const res = await ctx.call('GET', '/api/source_packs', { token: operator.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toMatchObject({ directory_outlets: directory.outlets.length, packs: directory.packs.length, enabled_packs: 0, first_run_done: false });
    expect(body.meta.directory_languages).toBeGreaterThanOrEqual(10);
    // English first, then by language name.
    expect(body.data[0].attributes.language).toBe('en');
    const german = body.data.find((p: { id: string }) => p.id === 'games-de');
    expect(german.attributes).toMatchObject({ name: 'Games press — German', category: 'games', enabled: false, enabled_outlets: 0 });
    expect(german.attributes.outlets).toBe(directory.outlets.filter((o) => o.category === 'games' && o.language === 'de').length);

    const done = await ctx.call('POST', '/api/source_packs/first_run', {
      token: operator.token,
      body: { data: { type: 'source_first_run', attributes: { done: true } } },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().meta.first_run_done).toBe(true);
  });

  it('switches a pack on and off: its feeds follow, nothing else does', async () => {
    const on = await patchPack('games-de', true);
    expect(on.statusCode).toBe(200);
    const outlets = directory.outlets.filter((o) => o.category === 'games' && o.language === 'de');
    expect(on.json().data.attributes).toMatchObject({
      enabled: true,
      enabled_outlets: outlets.length,
      enabled_feeds: outlets.reduce((n, o) => n + o.feeds.length, 0),
    });
    const enabled = await rows<{ pack_id: string; due: boolean }>(sql`
      select w.pack_id, f.next_check_at <= now() as due from feeds f join websites w on w.id = f.website_id where not f.disabled`);
    expect(new Set(enabled.map((r) => r.pack_id))).toEqual(new Set(['games-de']));
    expect(enabled.every((r) => r.due)).toBe(true);

    const status = await ctx.call('GET', '/api/sources/status', { token: customer.token });
    expect(status.json().data.attributes).toMatchObject({
      enabled_outlets: outlets.length,
      languages: 1,
      last_crawl_at: null,
      can_suggest: true,
      self_service: false,
    });

    expect((await patchPack('games-de', false)).json().data.attributes).toMatchObject({ enabled: false, enabled_outlets: 0 });
    expect(await rows(sql`select id from feeds where not disabled`)).toEqual([]);
  });

  it('answers 404 to anyone but the operator, and 404 for an unknown pack', async () => {
    expect((await ctx.call('GET', '/api/source_packs', { token: customer.token })).statusCode).toBe(404);
    expect((await patchPack('games-de', true, customer.token)).statusCode).toBe(404);
    const member = await addMember(ctx, operator.org.id, ROLE.user);
    expect((await patchPack('games-de', true, member.token)).statusCode).toBe(404);
    expect((await patchPack('games-xx', true)).statusCode).toBe(404);
    expect((await patchPack('games de', true)).statusCode).toBe(400);
    expect(await rows(sql`select id from feeds where not disabled`)).toEqual([]);
  });

  it('a later release adds and updates what the operator has not changed, and keeps what the operator did', async () => {
    const [first, second, third] = directory.outlets;
    // The operator renames one outlet and deletes a feed of another.
    await ctx.deps.db.execute(sql`update websites set name = 'Our own name' where domain = ${first.domain}`);
    await ctx.deps.db.execute(sql`delete from feeds where feed = ${second.feeds[0].url}`);
    await patchPack(`${third.category}-${third.language}`, true);
    const next: Directory = {
      ...directory,
      version: 'next-release',
      outlets: [
        { ...first, name: `${first.name} (renamed upstream)`, country: 'IE' },
        { ...second, name: `${second.name} Online` },
        { ...third, feeds: [...third.feeds, { url: `https://${third.domain}/new-feed.xml`, label: 'New', type: 'feed' }] },
        ...directory.outlets.slice(3),
        {
          ...directory.outlets.at(-1)!,
          domain: 'new-outlet.example',
          name: 'New Outlet',
          feeds: [{ url: 'https://new-outlet.example/feed', label: 'All', type: 'feed' }],
        },
      ],
    };
    const result = await syncDirectory(ctx.deps.db, next);
    expect(result).toMatchObject({ unchanged: false, websitesAdded: 1, feedsAdded: 2 });
    const [a] = await rows<{ name: string; country: string }>(sql`select name, country from websites where domain = ${first.domain}`);
    expect(a).toEqual({ name: 'Our own name', country: 'IE' });
    const [b] = await rows<{ name: string }>(sql`select name from websites where domain = ${second.domain}`);
    expect(b.name).toBe(`${second.name} Online`);
    expect(await rows(sql`select id from feeds where feed = ${second.feeds[0].url}`)).toEqual([]);
    // A new feed of an enabled pack's outlet is enabled with it; a new outlet of a disabled pack is not.
    expect(await rows(sql`select disabled from feeds where feed = ${`https://${third.domain}/new-feed.xml`}`)).toEqual([{ disabled: false }]);
    expect(await rows(sql`select disabled, origin from feeds where feed = 'https://new-outlet.example/feed'`)).toEqual([
      { disabled: true, origin: 'directory' },
    ]);
  });
});
