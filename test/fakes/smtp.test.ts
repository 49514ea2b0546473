import { describe, expect, it } from 'vitest';
import { decodeQuotedPrintable, decodeWords, parseMessage } from './smtp.js';

describe('fake SMTP message parsing', () => {
  it('decodes RFC 2047 words and quoted-printable', () => {
    expect(decodeWords('=?UTF-8?Q?Your_export_=E2=80=94_?= =?UTF-8?B?w4l0w6k=?=')).toBe('Your export — Été');
    expect(decodeQuotedPrintable('Ça=20marche=\r\n bien =3D ok').toString('utf8')).toBe('Ça marche bien = ok');
  });

  it('finds the text part and the attachments of a nested multipart message', () => {
    const raw = [
      'From: Coverwatch <no-reply@coverwatch.local>',
      'Subject: =?UTF-8?Q?R=C3=A9sum=C3=A9?=',
      '  of the week',
      'Content-Type: multipart/mixed; boundary="outer"',
      '',
      '--outer',
      'Content-Type: multipart/alternative; boundary=inner',
      '',
      '--inner',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Line one =C3=A9t=C3=A9',
      'https://cw.example/a-very-long-link-that-is-so-long-it-gets-soft-broken-by-=',
      'the-encoder',
      '--inner',
      'Content-Type: text/html',
      '',
      '<p>ignored</p>',
      '--inner--',
      '--outer',
      'Content-Type: text/csv; name=data.csv',
      'Content-Disposition: attachment; filename="data.csv"',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('a,b\n1,2\n').toString('base64'),
      '--outer--',
      '',
    ].join('\r\n');
    const m = parseMessage(raw);
    expect(m.subject).toBe('Résumé of the week');
    expect(m.text).toBe('Line one été\nhttps://cw.example/a-very-long-link-that-is-so-long-it-gets-soft-broken-by-the-encoder');
    expect(m.attachments).toEqual([{ filename: 'data.csv', contentType: 'text/csv', content: Buffer.from('a,b\n1,2\n') }]);
    expect(m.headers.from).toBe('Coverwatch <no-reply@coverwatch.local>');
  });
});
