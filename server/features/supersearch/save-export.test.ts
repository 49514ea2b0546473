import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { MSG } from '../../../common/messages.js';
import { addDays, utcDay } from '../../../common/schemas/supersearch.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeArchiveArticle, makeWebsite } from '../../../test/helpers/coverage-factories.js';
import { makeOrg, makeProject, makeTag } from '../../../test/helpers/factories.js';
import type { Storage } from '../../storage/storage.js';
import { EXPORT_COLUMNS } from './repo.js';
import { runSupersearchExport, type ExportDeps } from './export.js';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof makeOrg>>;
const today = utcDay();
const noon = (n: number) => new Date(`${addDays(today, -n)}T12:00:00Z`);

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'https://coverwatch.example' });
  org = await makeOrg(ctx, { plan: 'pro' });
});
afterAll(() => ctx.close());

describe('POST supersearch/bulk', () => {
  it("saves results into the project's coverage, counting those it already had", async () => {
    const project = await makeProject(ctx, org.org.id);
    const tag = await makeTag(ctx, org.org.id, project.id, 'Search finds');
    const site = await makeWebsite(ctx, { reach: 6 });
    const found = [];
    for (let i = 0; i < 4; i++)
      found.push(await makeArchiveArticle(ctx, { title: `Saved find ${i}`, websiteId: site.id, reach: 6, language: 'de', pubDate: noon(i) }));
    const save = (ids: (number | string)[]) =>
      ctx.call('POST', '/api/supersearch/bulk', {
        token: org.token,
        body: {
          articles: ids,
          tag_id: String(tag.id),
          project_id: String(project.id),
          organization_id: String(org.org.id),
          user_id: String(org.admin.user.id),
        },
      });
    const first = await save([found[0].id, String(found[1].id), found[2].id]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ success: 3, already_exists: 0, not_found: 0, message: MSG.articles.savedCount(3) });
    const again = await save([found[2].id, found[3].id, 99_999_999]);
    expect(again.json().data).toEqual({ success: 1, already_exists: 1, not_found: 1, message: MSG.articles.partialSave(1, 1) });
    expect((await save([found[0].id])).json().data).toMatchObject({ success: 0, already_exists: 1, message: MSG.articles.alreadyExists });
    const rows = await ctx.deps.db.execute<{ article_id: number; tag_id: number; title: string; reach: number; language: string; website_id: number }>(
      sql`select article_id, tag_id, title, reach, language, website_id from saved_articles where project_id = ${project.id} order by article_id`,
    );
    expect(rows.rows).toEqual(found.map((a) => ({ article_id: a.id, tag_id: tag.id, title: a.title, reach: 6, language: 'de', website_id: site.id })));
  });

  it('refuses a tag or project of another organization (404), an archived tag or one of another project (422)', async () => {
    const article = await makeArchiveArticle(ctx, { title: 'Guarded find' });
    const project = await makeProject(ctx, org.org.id);
    const other = await makeProject(ctx, org.org.id);
    const tag = await makeTag(ctx, org.org.id, project.id, 'Guarded tag');
    const otherTag = await makeTag(ctx, org.org.id, other.id, 'Other tag');
    const archived = await makeTag(ctx, org.org.id, project.id, 'Old tag');
    await ctx.deps.db.execute(sql`update tags set locked = true where id = ${archived.id}`);
    const stranger = await makeOrg(ctx);
    const theirProject = await makeProject(ctx, stranger.org.id);
    const theirTag = await makeTag(ctx, stranger.org.id, theirProject.id, 'Their tag');
    const save = (tagId: number, projectId: number) =>
      ctx.call('POST', '/api/supersearch/bulk', {
        token: org.token,
        body: { articles: [article.id], tag_id: tagId, project_id: projectId, organization_id: org.org.id },
      });
    expect((await save(theirTag.id, project.id)).statusCode).toBe(404);
    expect((await save(tag.id, theirProject.id)).statusCode).toBe(404);
    const wrongProject = await save(otherTag.id, project.id);
    expect(wrongProject.statusCode).toBe(422);
    expect(wrongProject.json().errors[0]).toMatchObject({ detail: MSG.supersearch.tagNotInProject, source: { pointer: '/tag_id' } });
    expect((await save(archived.id, project.id)).json().errors[0]).toMatchObject({ detail: MSG.articles.tagInactive, source: { pointer: '/tag_id' } });
    const empty = await ctx.call('POST', '/api/supersearch/bulk', {
      token: org.token,
      body: { articles: [], tag_id: tag.id, project_id: project.id, organization_id: org.org.id },
    });
    expect(empty.json().errors[0].source).toEqual({ pointer: '/articles' });
    const saved = await ctx.deps.db.execute(sql`select 1 from saved_articles where article_id = ${article.id}`);
    expect(saved.rows).toHaveLength(0);
  });
});

describe('POST supersearch/export_csv', () => {
  const body = (over: Record<string, unknown> = {}) => ({
    search: '+starloom',
    from_date: addDays(today, -30),
    to_date: today,
    organization_id: org.org.id,
    to_email: 'press@example.test',
    ...over,
  });
  const deps = (storage: Storage = ctx.deps.storage): ExportDeps => ({
    db: ctx.deps.db,
    pool: ctx.deps.pool,
    storage,
    config: ctx.config,
    log: { info: () => {}, warn: () => {}, error: () => {} },
  });
  const readAll = async (stream: Readable) => {
    let text = '';
    for await (const chunk of stream) text += chunk;
    return text;
  };

  it('checks the address and the query (400 with pointers)', async () => {
    const bad = await ctx.call('POST', '/api/supersearch/export_csv', { token: org.token, body: body({ to_email: 'not-an-address', search: '(x' }) });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { source: { pointer: string } }) => e.source.pointer)
        .sort(),
    ).toEqual(['/search', '/to_email']);
  });

  it('queues the export (202), and the job writes the CSV and mails its link', async () => {
    await makeArchiveArticle(ctx, { title: 'Starloom, the "review"', description: '=cmd() danger', language: 'fr', reach: 3.5, pubDate: noon(2) });
    await makeArchiveArticle(ctx, { title: 'Starloom trailer', pubDate: noon(1) });
    await makeArchiveArticle(ctx, { title: 'Starloom long ago', pubDate: noon(100) });
    const res = await ctx.call('POST', '/api/supersearch/export_csv', { token: org.token, body: body() });
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().data.id;
    expect(res.json().data).toEqual({ type: 'export', id, attributes: { status: 'queued', message: MSG.exports.emailed } });
    const [queued] = (
      await ctx.deps.db.execute<{ status: string; token: string; kind: string; to_email: string; expires_at: Date }>(
        sql`select * from exports where id = ${id}`,
      )
    ).rows;
    expect(queued).toMatchObject({ status: 'queued', kind: 'supersearch', to_email: 'press@example.test' });
    expect(queued.token.length).toBeGreaterThanOrEqual(32);
    expect(new Date(queued.expires_at).getTime()).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);

    expect(await runSupersearchExport(deps(), id)).toEqual({ status: 'done', rows: 2 });
    const [row] = (
      await ctx.deps.db.execute<{ status: string; row_count: number; file_key: string; finished_at: Date | null }>(sql`select * from exports where id = ${id}`)
    ).rows;
    expect(row).toMatchObject({ status: 'done', row_count: 2, file_key: `exports/${id}.csv` });
    expect(row.finished_at).not.toBeNull();
    const csv = (await readAll((await ctx.deps.storage.get(row.file_key))!)).trimEnd().split('\n');
    expect(csv[0]).toBe(EXPORT_COLUMNS.join(','));
    expect(csv[1]).toMatch(/^Starloom trailer,https:\/\/news\.example\.com\/story-/);
    expect(csv[2]).toContain(`"Starloom, the ""review""",`);
    expect(csv[2]).toContain(`,3.5,fr,${addDays(today, -2)}T12:00:00.000000Z,'=cmd() danger`);
    expect(csv).toHaveLength(3);

    const mail = (
      await ctx.deps.db.execute<{ to_address: string; subject: string; text_body: string; organization_id: number }>(
        sql`select * from mail_outbox where organization_id = ${org.org.id} order by id desc limit 1`,
      )
    ).rows[0];
    expect(mail).toMatchObject({ to_address: 'press@example.test', subject: MSG.supersearch.exportReadySubject });
    expect(mail.text_body).toContain(`https://coverwatch.example/api/p/exports/${queued.token}`);
    expect(mail.text_body).toContain('2 articles');
    // A repeated job finds the export finished and does nothing.
    expect(await runSupersearchExport(deps(), id)).toEqual({ status: 'skipped', rows: 0 });
  });

  it('records a failure and mails the catalogue error', async () => {
    const res = await ctx.call('POST', '/api/supersearch/export_csv', { token: org.token, body: body({ to_email: 'fail@example.test' }) });
    const id = res.json().data.id;
    const broken: Storage = {
      ...ctx.deps.storage,
      putStream: async (_key, stream) => {
        stream.destroy();
        throw new Error('disk full');
      },
      remove: async () => {},
    };
    expect(await runSupersearchExport(deps(broken), id)).toEqual({ status: 'failed', rows: 0 });
    const [row] = (await ctx.deps.db.execute<{ status: string; error: string }>(sql`select * from exports where id = ${id}`)).rows;
    expect(row).toMatchObject({ status: 'failed', error: 'disk full' });
    const mail = (await ctx.deps.db.execute<{ subject: string; text_body: string }>(sql`select * from mail_outbox where to_address = 'fail@example.test'`))
      .rows;
    expect(mail).toEqual([expect.objectContaining({ subject: MSG.supersearch.exportFailedSubject, text_body: MSG.exports.emailFailure })]);
  });
});
