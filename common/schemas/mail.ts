import { z } from 'zod';
import { resourceSchema } from './jsonapi.js';

/** Where an outgoing e-mail stands: queued, sent over SMTP, kept in the outbox only (no SMTP configured), or failed. */
export const MAIL_STATUSES = ['queued', 'sent', 'kept', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** An e-mail of the organization's outbox as the server sends it (`type: 'mail'`, GET mail_outbox). */
export const mailAttributesSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text_body: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  'inserted-at': z.string(),
  'sent-at': z.string().nullable(),
});
export type MailAttributes = z.infer<typeof mailAttributesSchema>;
export const mailResourceSchema = resourceSchema('mail', mailAttributesSchema);
