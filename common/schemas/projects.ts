import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { avatarSchema, idSchema, resourceDocument } from './jsonapi.js';

export const projectNameSchema = z
  .string({ error: MSG.validation.projectLength })
  .trim()
  .min(LIMITS.projectName.min, MSG.validation.projectLength)
  .max(LIMITS.projectName.max, MSG.validation.projectLength);

const clientRelationship = z.object(
  { data: z.object({ type: z.literal('client'), id: idSchema }) },
  { error: MSG.validation.projectNeedsBrand },
);

export const projectCreateBody = resourceDocument(
  'project',
  z.object({ name: projectNameSchema, avatar: avatarSchema.optional() }),
  z.object({ client: clientRelationship }, { error: MSG.validation.projectNeedsBrand }),
);

export const projectUpdateBody = resourceDocument(
  'project',
  z
    .object({
      name: projectNameSchema,
      avatar: avatarSchema,
      locked: z.boolean(),
      alert_id: idSchema.nullable(),
    })
    .partial(),
  z.object({ client: clientRelationship }).partial().optional(),
);
