import { describe, it, expect } from 'vitest';
import { urlKey } from './url-key.js';
import { canonicalUrl } from '../../common/url.js';

describe('urlKey', () => {
  it('is the sha256 hex of the canonical URL, equal for URLs that differ only in tracking noise', () => {
    const key = urlKey(canonicalUrl('https://Example.com/a?id=1&utm_source=rss#x'));
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(key).toBe(urlKey(canonicalUrl('https://example.com:443/a?id=1&fbclid=zz')));
    expect(key).toBe('2b5c08add8bd85d31fb90ee4b334f6e0bdd29df5fa92b250572a917c81548d96'); // sha256 of https://example.com/a?id=1
    expect(key).not.toBe(urlKey(canonicalUrl('https://example.com/a?id=2')));
  });
});
