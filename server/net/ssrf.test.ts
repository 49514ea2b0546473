import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { isPrivateAddress, assertFetchableUrl } from './ssrf.js';
import { FetchError } from './errors.js';

const v4 = (a: number, b: number, c: number, d: number) => `${a}.${b}.${c}.${d}`;
const octet = fc.integer({ min: 0, max: 255 });

describe('isPrivateAddress', () => {
  it.each([
    '0.0.0.0',
    '10.1.2.3',
    '100.64.0.1',
    '100.127.255.255',
    '127.0.0.1',
    '127.255.255.254',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.0.0.8',
    '192.168.1.1',
    '198.18.0.1',
    '198.19.255.255',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
    '64:ff9b::192.168.0.1',
    '2002:c0a8:0101::1',
    '[::1]',
    'not-an-ip',
    '',
  ])('%s is private', (ip) => {
    expect(isPrivateAddress(ip)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.169.0.1',
    '198.20.0.1',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('%s is public', (ip) => {
    expect(isPrivateAddress(ip)).toBe(false);
  });

  it('judges IPv4-mapped and NAT64 forms exactly like the IPv4 address', () => {
    fc.assert(
      fc.property(octet, octet, octet, octet, (a, b, c, d) => {
        const ip = v4(a, b, c, d);
        const hex = ((a << 8) | b).toString(16) + ':' + ((c << 8) | d).toString(16);
        const expected = isPrivateAddress(ip);
        expect(isPrivateAddress(`::ffff:${ip}`)).toBe(expected);
        expect(isPrivateAddress(`::ffff:${hex}`)).toBe(expected);
        expect(isPrivateAddress(`64:ff9b::${ip}`)).toBe(expected);
      }),
    );
  });

  it('treats every address of the private IPv4 blocks as private', () => {
    fc.assert(
      fc.property(
        octet,
        octet,
        octet,
        (b, c, d) => isPrivateAddress(v4(10, b, c, d)) && isPrivateAddress(v4(127, b, c, d)) && isPrivateAddress(v4(192, 168, c, d)),
      ),
    );
    fc.assert(fc.property(fc.integer({ min: 16, max: 31 }), octet, octet, (b, c, d) => isPrivateAddress(v4(172, b, c, d))));
  });
});

describe('assertFetchableUrl', () => {
  const code = (fn: () => unknown) => {
    try {
      fn();
      return 'ok';
    } catch (err) {
      expect(err).toBeInstanceOf(FetchError);
      return (err as FetchError).code;
    }
  };

  it('refuses private IP literals, in any spelling, unless private networks are allowed', () => {
    for (const url of [
      'http://127.0.0.1:8080/feed',
      'http://0x7f.1/',
      'http://2130706433/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'https://169.254.169.254/latest/meta-data',
      'http://localhost:3000/',
      'http://api.localhost/',
    ]) {
      expect(
        code(() => assertFetchableUrl(url, false)),
        url,
      ).toBe('blocked_address');
      expect(
        code(() => assertFetchableUrl(url, true)),
        url,
      ).toBe('ok');
    }
  });

  it('gives a human message for blocked addresses', () => {
    expect(() => assertFetchableUrl('http://10.0.0.1/', false)).toThrow('private network');
  });

  it('accepts public http(s) URLs on any port', () => {
    expect(assertFetchableUrl('https://example.com:8443/feed.xml', false).href).toBe('https://example.com:8443/feed.xml');
    expect(assertFetchableUrl('http://8.8.8.8/', false).hostname).toBe('8.8.8.8');
  });

  it('refuses other schemes, credentials and garbage as invalid_url', () => {
    for (const url of [
      'ftp://example.com/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'gopher://example.com',
      'not a url',
      'https://user:pw@example.com/',
      'http://user@example.com/',
    ]) {
      expect(
        code(() => assertFetchableUrl(url, true)),
        url,
      ).toBe('invalid_url');
    }
  });
});
