import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isKnownLanguage } from '../../../common/reference.js';
import { SOURCE_CATEGORIES } from '../../../common/schemas/sources.js';
import { DEFAULT_MEDIATYPES } from '../reference/service.js';
import { DIRECTORY_FILE, loadDirectory, packIdOf } from './directory.js';

describe('the shipped outlet directory', () => {
  const directory = loadDirectory();
  const outlets = directory.outlets;

  it('lists at least 400 outlets in at least 10 languages', () => {
    expect(outlets.length).toBeGreaterThanOrEqual(400);
    const languages = new Set(outlets.map((o) => o.language));
    expect(languages.size).toBeGreaterThanOrEqual(10);
    // The languages games PR works in, each with more than a token outlet.
    for (const lang of ['en', 'de', 'fr', 'es', 'it', 'pt', 'ja', 'ko', 'pl', 'zh', 'nl']) {
      expect(outlets.filter((o) => o.language === lang).length, lang).toBeGreaterThanOrEqual(8);
    }
  });

  it('holds each outlet once, with known languages, countries, media types and categories', () => {
    expect(new Set(outlets.map((o) => o.domain)).size).toBe(outlets.length);
    for (const o of outlets) {
      expect(isKnownLanguage(o.language), o.domain).toBe(true);
      expect(DEFAULT_MEDIATYPES, o.domain).toContain(o.media_type);
      expect(SOURCE_CATEGORIES, o.domain).toContain(o.category);
      expect(o.country, o.domain).toMatch(/^[A-Z]{2}$/);
      expect(o.written, o.domain).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(o.source.length, o.domain).toBeGreaterThan(2);
    }
  });

  it('gives every outlet at least one http(s) feed or news sitemap, each address once', () => {
    const urls = outlets.flatMap((o) => o.feeds.map((f) => f.url));
    expect(new Set(urls).size).toBe(urls.length);
    for (const o of outlets) {
      expect(o.feeds.length, o.domain).toBeGreaterThan(0);
      for (const f of o.feeds) {
        expect(new URL(f.url).protocol, f.url).toMatch(/^https?:$/);
        expect(['feed', 'news_sitemap']).toContain(f.type);
        expect(f.label.trim(), f.url).not.toBe('');
      }
    }
  });

  it('weighs towards games press and covers every kind of outlet games PR pitches', () => {
    const by = (c: string) => outlets.filter((o) => o.category === c).length;
    expect(by('games')).toBeGreaterThan(outlets.length / 3);
    for (const c of SOURCE_CATEGORIES) expect(by(c), c).toBeGreaterThan(0);
  });

  it('groups outlets into packs of one category in one language', () => {
    const ids = new Set(directory.packs.map((p) => p.id));
    expect(ids.size).toBe(directory.packs.length);
    for (const o of outlets) expect(ids.has(packIdOf(o))).toBe(true);
    expect(directory.packs.find((p) => p.id === 'games-de')?.name).toBe('Games press — German');
  });

  it('refuses a directory that repeats a domain or breaks the schema', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-directory-'));
    try {
      const file = JSON.parse(fs.readFileSync(DIRECTORY_FILE, 'utf8'));
      const twice = path.join(dir, 'twice.json');
      fs.writeFileSync(
        twice,
        JSON.stringify({ ...file, outlets: [file.outlets[0], { ...file.outlets[0], feeds: [{ url: 'https://x.example/feed', label: 'All', type: 'feed' }] }] }),
      );
      expect(() => loadDirectory(twice)).toThrow(/twice/);
      const broken = path.join(dir, 'broken.json');
      fs.writeFileSync(
        broken,
        JSON.stringify({ ...file, outlets: [{ ...file.outlets[0], language: 'xx', feeds: [{ url: 'ftp://x.example/feed', label: 'All', type: 'feed' }] }] }),
      );
      expect(() => loadDirectory(broken)).toThrow();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
