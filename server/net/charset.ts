/**
 * Bytes of an HTTP body to text, the way feed readers that survive the real web do it
 * (Miniflux): a UTF-16 BOM wins; bytes that are valid UTF-8 are UTF-8 whatever the document
 * claims (servers and prologs lie); otherwise the charset from Content-Type, then the XML prolog
 * or HTML meta, then windows-1252 (what "latin-1" means on the web). A UTF-8 BOM is no exception:
 * editors and CMSs put one in front of Windows-1252 text, and believing it would turn every
 * accented letter into U+FFFD.
 */
export function decodeText(body: Buffer, contentType?: string | null): string {
  if (body.length >= 2 && body[0] === 0xff && body[1] === 0xfe) return decodeWith('utf-16le', body.subarray(2));
  if (body.length >= 2 && body[0] === 0xfe && body[1] === 0xff) return decodeWith('utf-16be', body.subarray(2));
  const bytes = body.length >= 3 && body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf ? body.subarray(3) : body;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // not UTF-8: use what the document says it is
  }
  const label = charsetFromContentType(contentType) ?? declaredCharset(bytes);
  const chosen = label && !/^utf-?8$/i.test(label) ? label : 'windows-1252';
  return decodeWith(chosen, bytes);
}

function decodeWith(label: string, bytes: Buffer): string {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label);
  } catch {
    return decodeWindows1252(bytes); // unknown label
  }
  return decoder.encoding === 'windows-1252' ? decodeWindows1252(bytes) : decoder.decode(bytes);
}

// Node 20's TextDecoder decodes windows-1252 (and every latin-1 label, which WHATWG maps to it)
// as ISO-8859-1, so curly quotes, dashes and € in 0x80–0x9F come out as C1 controls.
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function decodeWindows1252(bytes: Buffer): string {
  const text = bytes.toString('latin1');
  return /[\x80-\x9f]/.test(text) ? text.replace(/[\x80-\x9f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]) : text;
}

/** The `charset` parameter of a Content-Type header, if any. */
export function charsetFromContentType(contentType?: string | null): string | null {
  const m = contentType?.match(/charset\s*=\s*["']?([\w.:-]+)/i);
  return m ? m[1].toLowerCase() : null;
}

/** The encoding an XML prolog or an HTML meta tag near the start declares. */
function declaredCharset(body: Buffer): string | null {
  const head = body.subarray(0, 2048).toString('latin1');
  const xml = head.match(/^\s*<\?xml[^>]+\bencoding\s*=\s*["']([\w.:-]+)["']/i);
  if (xml) return xml[1].toLowerCase();
  const meta = head.match(/<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i);
  return meta ? meta[1].toLowerCase() : null;
}
