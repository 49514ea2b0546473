import { describe, it, expect } from 'vitest';
import { decodeText } from './charset.js';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
// "Café “quoté” – Über" in Windows-1252.
const CP1252 = Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x93, 0x71, 0x75, 0x6f, 0x74, 0xe9, 0x94, 0x20, 0x96, 0x20, 0xdc, 0x62, 0x65, 0x72]);

describe('decodeText', () => {
  it('falls back to Windows-1252 when the bytes after a UTF-8 BOM are not UTF-8', () => {
    expect(decodeText(Buffer.concat([BOM, CP1252]))).toBe('Café “quoté” – Über');
  });

  it('uses the declared single-byte encoding after a lying UTF-8 BOM', () => {
    const prolog = Buffer.from('<?xml version="1.0" encoding="ISO-8859-15"?><t>');
    const text = decodeText(Buffer.concat([BOM, prolog, Buffer.from([0xa4, 0xe9]), Buffer.from('</t>')]));
    expect(text).toBe('<?xml version="1.0" encoding="ISO-8859-15"?><t>€é</t>');
    expect(decodeText(Buffer.concat([BOM, Buffer.from([0xf0, 0xd2, 0xc9, 0xd7, 0xc5, 0xd4])]), 'text/xml; charset=koi8-r')).toBe('Привет');
  });

  it('strips the BOM of real UTF-8 and ignores a wrong declaration for valid UTF-8', () => {
    expect(decodeText(Buffer.concat([BOM, Buffer.from('Café “quoté”')]), 'text/xml; charset=iso-8859-1')).toBe('Café “quoté”');
    expect(decodeText(Buffer.from('Über'), 'text/xml; charset=windows-1252')).toBe('Über');
  });

  it('never yields U+FFFD for single-byte text, BOM or not', () => {
    for (let b = 0x80; b <= 0xff; b++) {
      const body = Buffer.from([0x61, b, 0x62]);
      expect(decodeText(Buffer.concat([BOM, body]))).not.toContain('\uFFFD');
      expect(decodeText(body)).not.toContain('\uFFFD');
    }
  });

  it('keeps UTF-16 byte order marks', () => {
    expect(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Ünï', 'utf16le')]))).toBe('Ünï');
  });
});
