import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages.js';
import { uploads } from '../../db/schema/workspace.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { addMember, makeInvite, makeOrg } from '../../../test/helpers/factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Part = { name: string; value: string } | { name: string; filename: string; contentType: string; data: Buffer };

/** A multipart/form-data request body, built by hand so the tests control every byte. */
function multipart(parts: Part[]) {
  const boundary = `----coverwatch${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('data' in p) {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.contentType}\r\n\r\n`),
        p.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(url: string, parts: Part[], token?: string) {
  const { payload, contentType } = multipart(parts);
  const headers: Record<string, string> = { 'content-type': contentType };
  if (token) headers.authorization = `Bearer ${token}`;
  return ctx.app.inject({ method: 'POST', url, headers, payload });
}

const image = (data: Buffer, filename = 'picture.png', contentType = 'image/png'): Part => ({ name: 'image', filename, contentType, data });
const scope = (value = 'avatar'): Part => ({ name: 'scope', value });

const smallPng = () =>
  sharp({ create: { width: 40, height: 30, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0.5 } } })
    .png()
    .toBuffer();

const storedFiles = () => {
  const dir = path.join(ctx.config.dataDir, 'uploads', 'images');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};
const uploadsOf = (orgId: number) => ctx.deps.db.select().from(uploads).where(eq(uploads.organizationId, orgId));

describe('POST f/av', () => {
  it('stores a PNG, serves it back with caching headers, and records it', async () => {
    const { org, admin, token } = await makeOrg(ctx);
    const res = await upload('/api/f/av', [image(await smallPng()), scope('logo'), { name: 'description', value: 'Our logo' }], token);
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data.type).toBe('upload');
    expect(data.attributes).toMatchObject({ url: `/api/f/${data.id}.png`, content_type: 'image/png', width: 40, height: 30, scope: 'logo' });
    const [row] = await uploadsOf(org.id);
    expect(row).toMatchObject({ id: data.id, userId: admin.user.id, scope: 'logo', description: 'Our logo', key: `images/${data.id}.png` });

    const served = await ctx.app.inject({ method: 'GET', url: data.attributes.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.length).toBe(data.attributes.size);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 40, height: 30, hasAlpha: true });
  });

  it('keeps JPEG as JPEG, applies the EXIF rotation, fits 1024x1024 and strips metadata', async () => {
    const { token } = await makeOrg(ctx);
    const photo = await sharp({ create: { width: 1600, height: 800, channels: 3, background: '#3366cc' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: 'secret location' } })
      .toBuffer();
    const res = await upload('/api/f/av', [scope(), image(photo, 'photo.jpeg', 'image/jpeg')], token);
    expect(res.statusCode).toBe(201);
    const { attributes } = res.json().data;
    expect(attributes).toMatchObject({ content_type: 'image/jpeg', width: 512, height: 1024 });
    expect(attributes.url).toMatch(/^\/api\/f\/[0-9a-f-]{36}\.jpg$/);
    const served = await ctx.app.inject({ method: 'GET', url: attributes.url });
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 512, height: 1024 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it('accepts a large photo above the JSON body limit and scales it down', async () => {
    const { token } = await makeOrg(ctx);
    const [width, height] = [1200, 900];
    // Noise does not compress: the PNG stays well above the 1 MB JSON body limit.
    const noisy = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(ctx.config.bodyLimitBytes);
    expect(noisy.length).toBeLessThan(ctx.config.uploadMaxBytes);
    const res = await upload('/api/f/av', [scope(), image(noisy)], token);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.attributes).toMatchObject({ width: 1024, height: 768 });
  });

  it('refuses what is not a JPEG or PNG by its bytes (415) and stores nothing', async () => {
    const { org, token } = await makeOrg(ctx);
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const pngHeaderThenJunk = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200)]);
    const jpegHeaderThenJunk = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), randomBytes(200)]);
    const before = storedFiles().length;
    for (const bytes of [gif, Buffer.from('just some text, not an image'), pngHeaderThenJunk, jpegHeaderThenJunk]) {
      const res = await upload('/api/f/av', [scope(), image(bytes, 'renamed.png', 'image/png')], token);
      expect(res.statusCode).toBe(415);
      expect(res.json().errors[0]).toMatchObject({
        code: 'unsupported_media_type',
        detail: MSG.validation.imageType,
        source: { pointer: '/image' },
      });
    }
    expect(await uploadsOf(org.id)).toHaveLength(0);
    expect(storedFiles()).toHaveLength(before);
  });

  it('refuses a file over the upload limit (413)', async () => {
    const { org, token } = await makeOrg(ctx);
    const big = Buffer.alloc(ctx.config.uploadMaxBytes + 1);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(big);
    const res = await upload('/api/f/av', [scope(), image(big)], token);
    expect(res.statusCode).toBe(413);
    expect(res.json().errors[0]).toMatchObject({ detail: MSG.validation.imageTooLarge, source: { pointer: '/image' } });
    expect(await uploadsOf(org.id)).toHaveLength(0);
  });

  it('reports a missing image and a bad scope together (422)', async () => {
    const { org, token } = await makeOrg(ctx);
    const res = await upload('/api/f/av', [scope('banner')], token);
    expect(res.statusCode).toBe(422);
    expect(
      res
        .json()
        .errors.map((e: { source: { pointer: string } }) => e.source.pointer)
        .sort(),
    ).toEqual(['/image', '/scope']);
    const noScope = await upload('/api/f/av', [image(await smallPng())], token);
    expect(noScope.statusCode).toBe(422);
    expect(noScope.json().errors[0].source.pointer).toBe('/scope');
    expect(await uploadsOf(org.id)).toHaveLength(0);
  });

  it('takes a single image per upload', async () => {
    const { org, token } = await makeOrg(ctx);
    const png = await smallPng();
    const res = await upload('/api/f/av', [scope(), image(png), image(png)], token);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].source.pointer).toBe('/image');
    expect(await uploadsOf(org.id)).toHaveLength(0);
  });

  it('needs a multipart body, a token and an active membership', async () => {
    const { org, token } = await makeOrg(ctx);
    const json = await ctx.call('POST', '/api/f/av', { token, body: { image: 'x' } });
    expect(json.statusCode).toBe(415);
    expect((await upload('/api/f/av', [scope(), image(await smallPng())])).statusCode).toBe(401);
    const kicked = await addMember(ctx, org.id, 3);
    expect((await upload('/api/f/av', [scope(), image(await smallPng())], kicked.token)).statusCode).toBe(403);
    expect(await uploadsOf(org.id)).toHaveLength(0);
  });
});

describe('POST p/f/av', () => {
  it('accepts an upload for a valid invite, whatever the field order', async () => {
    const { org } = await makeOrg(ctx);
    const invite = await makeInvite(ctx, org.id);
    const res = await upload('/api/p/f/av', [image(await smallPng()), scope(), { name: 'invite_key', value: invite.key }]);
    expect(res.statusCode).toBe(201);
    const [row] = await uploadsOf(org.id);
    expect(row).toMatchObject({ id: res.json().data.id, userId: null, scope: 'avatar' });
  });

  it('refuses a missing, unknown or expired invite and stores nothing', async () => {
    const { org } = await makeOrg(ctx);
    const expired = await makeInvite(ctx, org.id, { expiresAt: new Date(Date.now() - 1000) });
    const before = storedFiles().length;
    for (const extra of [[], [{ name: 'invite_key', value: expired.key }], [{ name: 'invite_key', value: 'no-such-invite-000000000' }]]) {
      const res = await upload('/api/p/f/av', [...extra, scope(), image(await smallPng())]);
      expect(res.statusCode).toBe(404);
      expect(res.json().errors[0].detail).toBe(MSG.signup.inviteInvalid);
    }
    expect(await uploadsOf(org.id)).toHaveLength(0);
    expect(storedFiles()).toHaveLength(before);
  });
});

describe('GET f/{file}', () => {
  it('answers 404 as a JSON:API error for unknown or malformed names', async () => {
    const { token } = await makeOrg(ctx);
    const res = await upload('/api/f/av', [scope(), image(await smallPng())], token);
    const id = res.json().data.id;
    for (const url of [
      '/api/f/00000000-0000-4000-8000-000000000000.png',
      `/api/f/${id}.jpg`,
      `/api/f/${id}`,
      '/api/f/------------------------------------.png',
      '/api/f/..%2F..%2Fetc%2Fpasswd',
    ]) {
      const miss = await ctx.app.inject({ method: 'GET', url });
      expect(miss.statusCode).toBe(404);
      expect(miss.headers['content-type']).toContain('application/vnd.api+json');
      expect(miss.json().errors[0].code).toBe('not_found');
    }
  });
});
