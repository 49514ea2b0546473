import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberOf, org, PUBLIC } from '../../http/access.js';
import { AppError, errorObject, ValidationError } from '../../http/errors.js';
import { resource, sendOne } from '../../http/jsonapi.js';
import { refuseNulFields } from '../../http/storable-text.js';
import { requireInvite } from '../invites/service.js';
import { imageTooLarge, openUpload, parseUploadForm, saveUpload, uploadFieldsSchema, uploadUrl, type UploadRow } from './service.js';
import { uploadResourceSchema, type UploadAttributes } from '../../../common/schemas/uploads.js';
import { oneDocument } from '../../../common/schemas/jsonapi.js';
import { bytes, jsonApi, refusals } from '../../http/openapi.js';

export const uploadResource = (u: UploadRow) =>
  resource('upload', u.id, {
    url: uploadUrl(u),
    content_type: u.contentType,
    size: u.size,
    width: u.width,
    height: u.height,
    scope: u.scope,
    description: u.description,
  } satisfies UploadAttributes);

/**
 * Reads the multipart form: the `image` file into memory (the multipart plugin caps it at
 * UPLOAD_MAX_BYTES) and the text fields. Other file fields are read and dropped.
 */
async function readForm(req: FastifyRequest): Promise<{ image?: Buffer; fields: Record<string, string> }> {
  const fields: Record<string, string> = {};
  let image: Buffer | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'image') image = bytes;
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    switch ((err as { code?: string }).code) {
      case 'FST_REQ_FILE_TOO_LARGE':
        throw imageTooLarge();
      case 'FST_FILES_LIMIT':
        throw new ValidationError([errorObject('validation_failed', 'Upload a single image at a time', { pointer: '/image' })]);
      case 'FST_FIELDS_LIMIT':
      case 'FST_PARTS_LIMIT':
        throw new AppError('payload_too_large', 'The form has too many fields');
    }
    throw err;
  }
  refuseNulFields(fields);
  return { image, fields };
}

const fileParams = z.object({ file: z.string() });
/** The multipart form `readForm` reads and `parseUploadForm` checks. */
const uploadForm = uploadFieldsSchema.extend({ image: z.file().describe('A JPEG or PNG image') });
const uploadDocument = jsonApi(oneDocument(uploadResourceSchema));

export default async function uploadRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, storage } = app.deps;

  app.post(
    '/f/av',
    {
      // Checked before the handler reads the body: a caller without access never gets a file buffered.
      config: org({ closedWorkspace: 'allowed' }),
      schema: {
        tags: ['uploads'],
        summary: 'Upload an avatar or logo (multipart: image, scope, description)',
        consumes: ['multipart/form-data'],
        documentedBody: uploadForm,
        response: { 201: uploadDocument, ...refusals(403, 422) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const { image, fields } = await readForm(req);
      const upload = await saveUpload(db, storage, auth.orgId, auth.userId, parseUploadForm(image, fields));
      return sendOne(reply, uploadResource(upload), 201);
    },
  );

  app.post(
    '/p/f/av',
    {
      // The invitation's key is the credential.
      config: PUBLIC,
      schema: {
        tags: ['uploads'],
        summary: 'Upload an avatar during invite sign-up (multipart: invite_key, image, scope, description)',
        security: [],
        consumes: ['multipart/form-data'],
        documentedBody: uploadForm.extend({ invite_key: z.string().describe('The key of the invitation link') }),
        // 404: the invitation is not valid or expired.
        response: { 201: uploadDocument, ...refusals(404, 422) },
      },
    },
    async (req, reply) => {
      const { image, fields } = await readForm(req);
      const invite = await requireInvite(db, fields.invite_key);
      const upload = await saveUpload(db, storage, invite.organization.id, null, parseUploadForm(image, fields));
      return sendOne(reply, uploadResource(upload), 201);
    },
  );

  app.get(
    '/f/:file',
    {
      config: PUBLIC,
      schema: {
        tags: ['uploads'],
        summary: 'An uploaded image',
        security: [],
        params: fileParams,
        response: { 200: bytes('The image', 'image/png', 'image/jpeg') },
      },
    },
    async (req, reply) => {
      const found = await openUpload(db, storage, req.params.file);
      if (!found) throw new AppError('not_found', 'The image was not found');
      return reply
        .type(found.upload.contentType)
        .header('content-length', found.upload.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(found.body);
    },
  );
}
