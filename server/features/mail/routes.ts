import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { allows } from '../../../common/policy.js';
import { mailResourceSchema, type MailAttributes } from '../../../common/schemas/mail.js';
import { listDocument } from '../../../common/schemas/jsonapi.js';
import { listOrCsv, refusals } from '../../http/openapi.js';
import { memberOf, org } from '../../http/access.js';
import { parseListParams, resource, sendList } from '../../http/jsonapi.js';
import { listMail, type MailRow } from './service.js';

export const mailResource = (m: MailRow) =>
  resource('mail', m.id, {
    to: m.to,
    subject: m.subject,
    text_body: m.textBody,
    // Text in the table; the mailer writes only these values.
    status: m.status as MailAttributes['status'],
    attempts: m.attempts,
    last_error: m.lastError,
    'inserted-at': m.insertedAt.toISOString(),
    'sent-at': m.sentAt ? m.sentAt.toISOString() : null,
  } satisfies MailAttributes);

export default async function mailRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(
    '/mail_outbox',
    {
      // Admins of the organization, and the platform operator, which reads the installation's mail.
      config: org({ action: 'mail.read', closedWorkspace: 'allowed' }),
      schema: {
        tags: ['mail'],
        summary: "The organization's outgoing e-mail, newest first (admins and the platform operator)",
        response: { 200: listOrCsv(listDocument(mailResourceSchema)), ...refusals(403) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const operator = allows(auth, 'platform.operate');
      const params = parseListParams(req.query as Record<string, unknown>, { sortable: [], filters: [], maxPageSize: 100 });
      return sendList(req, reply, {
        name: 'mail_outbox',
        params,
        fetchPage: (p) => listMail(db, auth.orgId, { limit: p.pageSize, offset: (p.page - 1) * p.pageSize }, { withoutOrganization: operator }),
        toResource: mailResource,
        csvColumns: ['to', 'subject', 'status', 'attempts', 'last_error', 'inserted-at', 'sent-at'],
      });
    },
  );
}
