import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq, or } from 'drizzle-orm';
import { z } from 'zod';
import { MSG } from '../../../common/messages.js';
import type { Tx } from '../../db/client.js';
import { uploads } from '../../db/schema/workspace.js';
import { AppError, errorObject, ValidationError, type ErrorObject } from '../../http/errors.js';
import { loadSharp } from '../../net/sharp.js';
import type { Storage } from '../../storage/storage.js';

export type UploadRow = typeof uploads.$inferSelect;
type ImageFormat = 'png' | 'jpeg';

export const UPLOAD_SCOPES = ['avatar', 'logo', 'brand', 'project'] as const;

/** The text fields of `POST f/av`; JSON:API pointers name the multipart field (`/scope`). */
export const uploadFieldsSchema = z.object({
  scope: z.enum(UPLOAD_SCOPES, { error: 'Scope must be one of avatar, logo, brand or project' }),
  description: z.string().trim().max(500, 'Description must be at most 500 characters').optional(),
});
export type UploadFields = z.infer<typeof uploadFieldsSchema>;

/** Avatars and logos never show larger than this; bigger images are scaled down to fit. */
const MAX_EDGE = 1024;
// A 5 MB file can still declare a gigapixel canvas (a decompression bomb); 50 MP covers real photos.
const MAX_INPUT_PIXELS = 50_000_000;

const EXT: Record<ImageFormat, 'png' | 'jpg'> = { png: 'png', jpeg: 'jpg' };
const CONTENT_TYPE: Record<ImageFormat, string> = { png: 'image/png', jpeg: 'image/jpeg' };
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

export const unsupportedImage = () => new AppError('unsupported_media_type', MSG.validation.imageType, '/image');
export const imageTooLarge = () => new AppError('payload_too_large', MSG.validation.imageTooLarge, '/image');

/** The format the bytes say they are (by magic number, never by file name or declared type). */
export function detectImageFormat(bytes: Buffer): ImageFormat | null {
  if (bytes.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) return 'png';
  if (bytes.subarray(0, JPEG_MAGIC.length).equals(JPEG_MAGIC)) return 'jpeg';
  return null;
}

/** Checks the form fields and the presence of the image, reporting every problem at once. */
export function parseUploadForm(image: Buffer | undefined, fields: Record<string, string>): { image: Buffer; fields: UploadFields } {
  const errors: ErrorObject[] = [];
  if (!image || image.length === 0) errors.push(errorObject('validation_failed', 'Please choose an image to upload', { pointer: '/image' }));
  const parsed = uploadFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors.push(errorObject('validation_failed', issue.message, { pointer: `/${issue.path.join('/')}` }));
  }
  if (errors.length || !parsed.success) throw new ValidationError(errors);
  return { image: image!, fields: parsed.data };
}

/**
 * Decodes and re-encodes an image in its own format: proves it is an image, drops metadata
 * (EXIF location and the like), applies the EXIF orientation and fits it within 1024x1024.
 */
export async function normalizeImage(bytes: Buffer) {
  const format = detectImageFormat(bytes);
  if (!format) throw unsupportedImage();
  const sharp = await loadSharp();
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (!meta || meta.format !== format) throw unsupportedImage();
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) throw imageTooLarge();
  const pipeline = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().resize(MAX_EDGE, MAX_EDGE, { fit: 'inside', withoutEnlargement: true });
  const encoded = format === 'png' ? pipeline.png() : pipeline.jpeg({ quality: 85 });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true }).catch(() => {
    throw unsupportedImage();
  });
  return { data, format, width: info.width, height: info.height };
}

export const uploadUrl = (u: Pick<UploadRow, 'id' | 'contentType'>) => `/api/f/${u.id}.${u.contentType === CONTENT_TYPE.png ? EXT.png : EXT.jpeg}`;

/**
 * Stores an uploaded image for `orgId` (re-encoded, see normalizeImage) and records it.
 * `userId` is null for uploads made during invite sign-up, before the user exists.
 */
export async function saveUpload(
  db: Tx,
  storage: Storage,
  orgId: number,
  userId: number | null,
  input: { image: Buffer; fields: UploadFields },
): Promise<UploadRow> {
  const image = await normalizeImage(input.image);
  const id = randomUUID();
  const key = `images/${id}.${EXT[image.format]}`;
  await storage.put(key, image.data);
  try {
    const [row] = await db
      .insert(uploads)
      .values({
        id,
        organizationId: orgId,
        userId,
        scope: input.fields.scope,
        description: input.fields.description || null,
        contentType: CONTENT_TYPE[image.format],
        size: image.data.length,
        width: image.width,
        height: image.height,
        key,
      })
      .returning();
    return row;
  } catch (err) {
    await storage.remove(key).catch(() => {});
    throw err;
  }
}

const FILE_PATTERN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(png|jpg)$/;

/**
 * The stored bytes of `/api/f/{uuid}.{ext}`, or null. Deliberately not scoped to an
 * organization: image tags send no token, and the random uuid is the capability.
 */
export async function openUpload(db: Tx, storage: Storage, file: string): Promise<{ upload: UploadRow; body: Readable } | null> {
  const m = FILE_PATTERN.exec(file);
  if (!m) return null;
  const contentType = m[2] === 'png' ? CONTENT_TYPE.png : CONTENT_TYPE.jpeg;
  const [upload] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, m[1]), eq(uploads.contentType, contentType)));
  if (!upload) return null;
  const body = await storage.get(upload.key);
  return body ? { upload, body } : null;
}

const AVATAR_PATH = /^\/api\/f\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(png|jpg)$/;

/**
 * An avatar or logo must be an image its owner uploaded: for a project, brand or organization an
 * upload of that organization; for a user, one they uploaded themself or one of their current
 * organization. The path format alone would let anyone point an avatar at another
 * organization's upload. Empty (null/undefined) passes; anything else is a 422 at `pointer`.
 */
export async function requireOwnAvatar(
  db: Tx,
  owner: { orgId?: number | null; userId?: number },
  avatar: string | null | undefined,
  pointer: string,
): Promise<void> {
  if (!avatar) return;
  const [, id, ext] = AVATAR_PATH.exec(avatar) ?? [];
  const owners = [owner.orgId ? eq(uploads.organizationId, owner.orgId) : undefined, owner.userId ? eq(uploads.userId, owner.userId) : undefined].filter(
    (c) => c !== undefined,
  );
  const [row] =
    id && owners.length
      ? await db
          .select({ id: uploads.id })
          .from(uploads)
          .where(and(eq(uploads.id, id), eq(uploads.contentType, ext === 'png' ? CONTENT_TYPE.png : CONTENT_TYPE.jpeg), or(...owners)))
      : [];
  if (!row) throw new ValidationError([errorObject('validation_failed', MSG.validation.avatarNotUploaded, { pointer })]);
}
