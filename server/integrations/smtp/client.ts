import type { Transporter } from 'nodemailer';
import type { Readable } from 'node:stream';

export interface SmtpMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: Readable; contentType: string }[];
  /** Extra headers (List-Unsubscribe…); names and values are checked by nodemailer. */
  headers?: Record<string, string>;
}

/**
 * What the server said. `permanent`: a 5xx reply (or a message the server can never take) —
 * sending it again cannot help. Otherwise (4xx, connection refused, timeout) a later try may.
 */
export type SmtpOutcome = { ok: true; messageId: string; response: string } | { ok: false; permanent: boolean; message: string };

export interface SmtpClient {
  send(message: SmtpMessage): Promise<SmtpOutcome>;
  close(): void;
}

/** nodemailer's SMTP error fields (lib/smtp-connection). */
interface SmtpError extends Error {
  code?: string;
  responseCode?: number;
  response?: string;
}

/**
 * A client for one SMTP server, from a URL such as `smtp://user:pass@host:587` or `smtps://…:465`
 * (nodemailer's connection-URL format, query options included). A connection per message: exports
 * are rare, and a pool would hold sockets open between them.
 */
export function createSmtpClient(url: string, opts: { timeoutMs?: number } = {}): SmtpClient {
  const timeout = opts.timeoutMs ?? 30_000;
  // nodemailer is loaded with the first message, not with the process (issue 28's footprint: an
  // idle server keeps no mail library in memory). Options given in the URL's query (e.g.
  // `?tls.rejectUnauthorized=false`) override these.
  let transport: Promise<Transporter> | null = null;
  const open = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url,
        connectionTimeout: Math.min(timeout, 10_000),
        greetingTimeout: Math.min(timeout, 10_000),
        // An attachment of a large export can take a while to upload; a silent socket cannot.
        socketTimeout: Math.max(timeout, 60_000),
      }),
    ));
  return {
    async send(message) {
      try {
        const mailer = await open();
        const info = await mailer.sendMail({
          from: message.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          attachments: message.attachments?.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
          headers: message.headers,
        });
        return { ok: true, messageId: String(info.messageId ?? ''), response: String(info.response ?? '') };
      } catch (err) {
        return classify(err as SmtpError);
      }
    },
    // A transport that could not be made (a bad URL) has nothing to close.
    close: () => void transport?.then((t) => t.close()).catch(() => {}),
  };
}

/** 5xx is final; 4xx and everything without a reply (network, timeout, TLS) may pass later. */
export function classify(err: SmtpError): SmtpOutcome & { ok: false } {
  const reply = err.response?.trim();
  const message = (reply || err.message || String(err)).slice(0, 1000);
  if (typeof err.responseCode === 'number') return { ok: false, permanent: err.responseCode >= 500, message };
  // Refused before any exchange: no recipient, or a message nodemailer cannot build.
  const permanent = err.code === 'EENVELOPE' || err.code === 'EMESSAGE';
  return { ok: false, permanent, message };
}
