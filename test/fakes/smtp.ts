import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import type { AddressInfo } from 'node:net';

/**
 * A local SMTP receiver (smtp-server) on 127.0.0.1 with a random port: no TLS, no AUTH, every
 * message accepted and recorded unless a failure is scripted. The raw message is parsed well
 * enough for tests: headers (folded lines, RFC 2047 encoded words), the first text/plain part
 * (quoted-printable or base64), and attachments.
 */

export interface ReceivedAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface ReceivedMessage {
  /** Envelope sender (MAIL FROM). */
  from: string;
  /** Envelope recipients (RCPT TO). */
  to: string[];
  subject: string;
  raw: string;
  /** The text/plain part, decoded. */
  text: string;
  /** Every header of the top-level message, names lower-cased. */
  headers: Record<string, string>;
  attachments: ReceivedAttachment[];
}

export interface FakeSmtp {
  url: string;
  port: number;
  messages: ReceivedMessage[];
  /** Resolves with the first message (already received or arriving) that matches. */
  waitFor(pred: (m: ReceivedMessage) => boolean, timeoutMs?: number): Promise<ReceivedMessage>;
  /** Answer RCPT TO with `code` for the next `count` messages (then accept again). */
  failNext(code: number, count?: number): void;
  close(): Promise<void>;
}

export async function startFakeSmtp(opts: { failWith?: number } = {}): Promise<FakeSmtp> {
  const messages: ReceivedMessage[] = [];
  const waiters: { pred: (m: ReceivedMessage) => boolean; resolve: (m: ReceivedMessage) => void }[] = [];
  const scripted: number[] = [];

  const options: SMTPServerOptions = {
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 50 * 1024 * 1024,
    onRcptTo(_address, _session, callback) {
      const code = scripted.length ? scripted.shift() : opts.failWith;
      if (!code) return callback();
      const err = Object.assign(new Error(code >= 500 ? 'Mailbox unavailable (fake)' : 'Try again later (fake)'), { responseCode: code });
      callback(err);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const envelope = session.envelope;
        const message = {
          from: envelope.mailFrom ? envelope.mailFrom.address : '',
          to: envelope.rcptTo.map((r) => r.address),
          raw,
          ...parseMessage(raw),
        };
        messages.push(message);
        for (const w of [...waiters]) {
          if (w.pred(message)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(message);
          }
        }
        callback();
      });
    },
  };
  const server = new SMTPServer(options);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitFor(pred, timeoutMs = 5000) {
      const found = messages.find(pred);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          pred,
          resolve: (m: ReceivedMessage) => {
            clearTimeout(timer);
            resolve(m);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no matching e-mail within ${timeoutMs} ms (received ${messages.length})`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    failNext(code, count = 1) {
      for (let i = 0; i < count; i++) scripted.push(code);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Part {
  headers: Record<string, string>;
  body: string;
}

/** Splits header block and body; unfolds continuation lines; lower-cases names. */
function splitPart(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end < 0 ? normalized : normalized.slice(0, end);
  const body = end < 0 ? '' : normalized.slice(end + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function param(header: string | undefined, name: string): string | undefined {
  const m = header?.match(new RegExp(`${name}\\*?=(?:"([^"]*)"|([^;\\s]+))`, 'i'));
  return m ? decodeWords(m[1] ?? m[2]) : undefined;
}

function decodeBody(part: Part): Buffer {
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return Buffer.from(part.body, 'utf8');
}

export function decodeQuotedPrintable(text: string): Buffer {
  const soft = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i], 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`), adjacent ones joined. */
export function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[bq]\?[^?]*\?=)\s+(?==\?)/gi, '$1')
    .replace(/=\?([^?]+)\?([bq])\?([^?]*)\?=/gi, (_m, _charset: string, kind: string, data: string) =>
      kind.toLowerCase() === 'b' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')).toString('utf8'),
    );
}

function walk(part: Part, out: { text: string | null; attachments: ReceivedAttachment[] }) {
  const type = part.headers['content-type'] ?? 'text/plain';
  const boundary = /^multipart\//i.test(type) ? param(type, 'boundary') : undefined;
  if (boundary) {
    const pieces = part.body.split(`--${boundary}`).slice(1);
    for (const piece of pieces) {
      if (piece.startsWith('--')) break;
      walk(splitPart(piece.replace(/^\n/, '')), out);
    }
    return;
  }
  const disposition = part.headers['content-disposition'];
  const filename = param(disposition, 'filename') ?? param(type, 'name');
  if (filename || /^attachment/i.test(disposition ?? '')) {
    out.attachments.push({ filename: filename ?? 'attachment', contentType: type.split(';')[0].trim(), content: decodeBody(part) });
  } else if (out.text === null && /^text\/plain/i.test(type)) {
    out.text = decodeBody(part).toString('utf8').replace(/\r\n/g, '\n').replace(/\n$/, '');
  }
}

export function parseMessage(raw: string): Pick<ReceivedMessage, 'subject' | 'text' | 'headers' | 'attachments'> {
  const top = splitPart(raw);
  const out: { text: string | null; attachments: ReceivedAttachment[] } = { text: null, attachments: [] };
  walk(top, out);
  return { subject: decodeWords(top.headers.subject ?? ''), text: out.text ?? '', headers: top.headers, attachments: out.attachments };
}
