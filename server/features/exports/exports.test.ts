import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeOrg } from '../../../test/helpers/factories.js';
import { exports } from '../../db/schema/reports.js';
import { downloadFilename } from './routes.js';

let ctx: TestContext;
let orgId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  orgId = (await makeOrg(ctx)).org.id;
});
afterAll(() => ctx?.close());

const DAY = 86400_000;

/** An export row (done, valid for a week, with its file stored unless told otherwise). */
async function makeExport(opts: { status?: string; expiresAt?: Date | null; file?: string | null } = {}) {
  const token = randomBytes(24).toString('base64url');
  const fileKey = `exports/${orgId}/${token}.csv`;
  if (opts.file !== null) await ctx.deps.storage.put(fileKey, Buffer.from(opts.file ?? 'id,title\n1,Hello\n'));
  await ctx.deps.db.insert(exports).values({
    token,
    organizationId: orgId,
    kind: 'supersearch',
    params: { search: 'zelda' },
    toEmail: 'ana@example.test',
    status: opts.status ?? 'done',
    rowCount: 1,
    fileKey,
    finishedAt: new Date('2026-05-01T10:00:00Z'),
    expiresAt: opts.expiresAt === undefined ? new Date(Date.now() + 7 * DAY) : opts.expiresAt,
  });
  return token;
}

describe('GET /api/p/exports/:token', () => {
  it('streams the stored CSV without a bearer token', async () => {
    // Larger than one read chunk (64 KiB), so the body really arrives as a stream.
    const big = 'id,title\n' + Array.from({ length: 20000 }, (_, i) => `${i},Été story ${i}`).join('\n') + '\n';
    const token = await makeExport({ file: big });
    const res = await ctx.call('GET', `/api/p/exports/${token}`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="supersearch-2026-05-01.csv"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.body).toBe(big);
  });

  it('answers 404 for an unknown token, an expired link, an unfinished export or a missing file', async () => {
    const cases = [
      'no-such-token-at-all',
      await makeExport({ expiresAt: new Date(Date.now() - 1000) }),
      await makeExport({ status: 'running' }),
      await makeExport({ status: 'failed' }),
      await makeExport({ file: null }),
    ];
    for (const token of cases) {
      const res = await ctx.call('GET', `/api/p/exports/${token}`);
      expect(res.statusCode, token).toBe(404);
      expect(res.json().errors[0].code).toBe('not_found');
    }
  });

  it('a link without an expiry stays valid', async () => {
    const token = await makeExport({ expiresAt: null });
    expect((await ctx.call('GET', `/api/p/exports/${token}`)).statusCode).toBe(200);
  });

  it('names the file after the kind and the day it finished', () => {
    expect(downloadFilename('supersearch_csv', new Date('2026-01-02T23:00:00Z'), new Date())).toBe('supersearch-2026-01-02.csv');
    expect(downloadFilename('', null, new Date('2026-03-04T00:00:00Z'))).toBe('export-2026-03-04.csv');
  });
});
