import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MailAttributes, MailStatus } from '../../../../common/schemas/mail';
import { apiFetch, flatten, listQuery, type ListDocument } from '../../../lib/api';

export type { MailStatus };
/** An e-mail of the outbox (GET mail_outbox): the server's `mail` attributes. */
export type OutboxMail = MailAttributes;

export const mailOutboxKey = (page: number, pageSize: number) => ['mail_outbox', page, pageSize] as const;

/** GET mail_outbox (admins and the platform operator): the organization's e-mail, newest first. */
export function useMailOutbox(page: number, pageSize: number, enabled = true) {
  return useQuery({
    queryKey: mailOutboxKey(page, pageSize),
    queryFn: async () => {
      const doc = await apiFetch<ListDocument<OutboxMail>>('mail_outbox', { query: listQuery({ page, pageSize }) });
      return { rows: doc.data.map(flatten), meta: doc.meta };
    },
    enabled,
    placeholderData: keepPreviousData,
    // A queued message turns sent (or kept) within seconds: look again while the card is open.
    refetchInterval: (q) => (q.state.data?.rows.some((r) => r.status === 'queued') ? 5000 : false),
  });
}
