import { describe, expect, it } from 'vitest';
import { registrableDomain } from './domains.js';

describe('registrableDomain', () => {
  it('reduces hosts and URLs to the registrable domain of the Public Suffix List', () => {
    expect(registrableDomain('news.example.co.uk')).toBe('example.co.uk');
    expect(registrableDomain('www.ign.com')).toBe('ign.com');
    expect(registrableDomain('https://foo.google.co.uk/x')).toBe('google.co.uk');
    expect(registrableDomain('Kotaku.COM.')).toBe('kotaku.com');
    expect(registrableDomain('theenemy.com.br')).toBe('theenemy.com.br');
    // Private-section suffixes count as their ICANN registrable domain, as in Tranco's default list.
    expect(registrableDomain('spark-public.s3.amazonaws.com')).toBe('amazonaws.com');
  });

  it('has no answer for addresses and bare names', () => {
    expect(registrableDomain('127.0.0.1')).toBeNull();
    expect(registrableDomain('localhost')).toBeNull();
    expect(registrableDomain('')).toBeNull();
  });

  it('reads IDNs in their ASCII form', () => {
    expect(registrableDomain('xn--mnchen-3ya.de')).toBe('xn--mnchen-3ya.de');
  });
});
