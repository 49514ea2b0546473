/** Where an outgoing e-mail stands: queued, sent over SMTP, kept in the outbox only (no SMTP configured), or failed. */
export type MailStatus = 'queued' | 'sent' | 'kept' | 'failed';

/** An e-mail of the organization's outbox as the server sends it (`type: 'mail'`, GET mail_outbox). */
export interface MailAttributes {
  to: string;
  subject: string;
  text_body: string;
  status: MailStatus;
  attempts: number;
  last_error: string | null;
  'inserted-at': string;
  'sent-at': string | null;
}
