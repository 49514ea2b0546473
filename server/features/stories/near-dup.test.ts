import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  SAME_STORY_THRESHOLD,
  STORY_WINDOW_HOURS,
  normaliseDescription,
  normaliseForStory,
  normaliseTitle,
  sameStory,
  storyBandKeys,
  storyFingerprint,
  storySimilarity,
  type StoryFingerprint,
} from './near-dup.js';

interface Side {
  title: string;
  description?: string;
}
interface LabelledPair {
  id: number;
  lang: string;
  kind: string;
  same: boolean;
  a: Side;
  b: Side;
}

const pairs: LabelledPair[] = JSON.parse(fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'labelled-pairs.json'), 'utf8'));

const fingerprint = (s: Side) => storyFingerprint(s.title, s.description);
const shareBand = (a: StoryFingerprint, b: StoryFingerprint) => {
  const keys = new Set(storyBandKeys(a));
  return storyBandKeys(b).some((k) => keys.has(k));
};
/** What the ingest does: a candidate only if a band key is shared, then the decision. */
const merged = (p: LabelledPair) => {
  const a = fingerprint(p.a);
  const b = fingerprint(p.b);
  return shareBand(a, b) && sameStory(a, b);
};

describe('the labelled set', () => {
  it('has at least 240 pairs, 100 of each label, six languages, and well-formed entries', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(240);
    expect(pairs.filter((p) => p.same).length).toBeGreaterThanOrEqual(100);
    expect(pairs.filter((p) => !p.same).length).toBeGreaterThanOrEqual(100);
    const langs = new Set(pairs.map((p) => p.lang));
    for (const lang of ['en', 'de', 'fr', 'es', 'ja', 'pt']) expect(langs).toContain(lang);
    for (const p of pairs) {
      expect(typeof p.a.title === 'string' && p.a.title.length > 0 && typeof p.b.title === 'string' && p.b.title.length > 0).toBe(true);
      expect(typeof p.same).toBe('boolean');
    }
    expect(new Set(pairs.map((p) => p.id)).size).toBe(pairs.length);
  });

  it('finds at least 90 % of the copies and merges at most 5 % of the different stories', () => {
    const positives = pairs.filter((p) => p.same);
    const negatives = pairs.filter((p) => !p.same);
    const found = positives.filter(merged);
    const wrong = negatives.filter(merged);
    const recall = found.length / positives.length;
    const wrongMerges = wrong.length / negatives.length;

    const breakdown = (key: 'kind' | 'lang') => {
      const rows: Record<string, { pairs: number; copies: number; found: number; different: number; merged: number }> = {};
      for (const p of pairs) {
        const r = (rows[p[key]] ??= { pairs: 0, copies: 0, found: 0, different: 0, merged: 0 });
        const m = merged(p);
        r.pairs++;
        if (p.same) {
          r.copies++;
          if (m) r.found++;
        } else {
          r.different++;
          if (m) r.merged++;
        }
      }
      return rows;
    };
    console.log(
      `stories near-dup (threshold ${SAME_STORY_THRESHOLD}): recall ${found.length}/${positives.length} = ${recall.toFixed(3)}, ` +
        `wrong merges ${wrong.length}/${negatives.length} = ${wrongMerges.toFixed(3)}`,
    );
    console.log('per kind');
    console.table(breakdown('kind'));
    console.log('per language');
    console.table(breakdown('lang'));
    const missed = positives.filter((p) => !found.includes(p));
    console.log(
      'copies missed:',
      missed.map((p) => `#${p.id} ${p.lang} ${p.kind} (${storySimilarity(fingerprint(p.a), fingerprint(p.b)).toFixed(2)})`).join(', '),
    );
    console.log('wrong merges:', wrong.map((p) => `#${p.id} ${p.lang} ${p.kind}`).join(', '));

    expect(recall).toBeGreaterThanOrEqual(0.9);
    expect(wrongMerges).toBeLessThanOrEqual(0.05);
  });
});

describe('normaliseForStory', () => {
  it('strips outlet suffixes, labels and wire tags from titles', () => {
    expect(normaliseTitle('Microsoft to cut about 9,000 jobs - Reuters')).toBe('microsoft to cut about 9000 jobs');
    expect(normaliseTitle('Sony hikes PS5 price in Europe | The Verge')).toBe('sony hikes ps5 price in europe');
    expect(normaliseTitle('Netflix Shuts Down Game Studio (Exclusive)')).toBe('netflix shuts down game studio');
    expect(normaliseTitle('EXCLUSIVE-Ubisoft in talks with Tencent')).toBe('ubisoft in talks with tencent');
    expect(normaliseTitle('UPDATE 2-Embracer to split into three companies')).toBe('embracer to split into three companies');
    expect(normaliseTitle('Steam hits a record – PC Gamer | MSN')).toBe('steam hits a record');
    expect(normaliseTitle('【速報】ソニー、PS5を値上げ（共同通信）')).toBe('ソニー ps5 を値上げ');
  });

  it('keeps a headline whose last part is not an outlet name', () => {
    expect(normaliseTitle('Clair Obscur – la mise à jour 1.3 ajoute un mode photo')).toBe('clair obscur la mise a jour 1 3 ajoute un mode photo');
    // A short headline is never cut down to one or two words.
    expect(normaliseTitle('Nintendo - Reuters')).toBe('nintendo reuters');
  });

  it('strips datelines, wire credits and bylines from descriptions', () => {
    expect(normaliseDescription('LONDON (Reuters) - Sony said on Thursday it would raise prices.')).toBe('sony said on thursday it would raise prices');
    expect(normaliseDescription('SAN FRANCISCO (AP) — A federal judge ruled on Monday.')).toBe('a federal judge ruled on monday');
    expect(normaliseDescription('SEOUL, South Korea, Aug. 6, 2025 /PRNewswire/ -- KRAFTON, Inc. today announced results.')).toBe(
      'krafton inc today announced results',
    );
    expect(normaliseDescription('SAN FRANCISCO--(BUSINESS WIRE)--Unity (NYSE: U) today announced a new CFO.')).toBe('unity nyse u today announced a new cfo');
    expect(normaliseDescription('By Greg Bensinger and Krystal Hu: Amazon is cutting jobs.')).toBe('amazon is cutting jobs');
    expect(normaliseDescription('【時事通信】ソニーグループが発表した決算は増益となった。')).toBe('ソニーグループが発表した決算は増益となった');
    // Not a dateline: a company's ticker in parentheses, followed by a comma.
    expect(normaliseDescription('Unity (NYSE: U), the platform, today announced a CFO.')).toBe('unity nyse u the platform today announced a cfo');
  });

  it('folds case, Latin accents, digit groups and apostrophes, and joins title and description with a newline', () => {
    expect(normaliseForStory('Telefónica vende su negocio por 1.245 millones', 'L’action Ubisoft a bondi')).toBe(
      'telefonica vende su negocio por 1245 millones\nlaction ubisoft a bondi',
    );
    expect(normaliseForStory('ＰＳ５の国内価格を改定　ソニー')).toBe('ps5 の国内価格を改定ソニー');
    expect(normaliseForStory('Title only', null)).toBe('title only');
  });

  it('keeps Japanese, Chinese, Korean and Thai text usable (no accents stripped off kana, Hangul or Thai)', () => {
    expect(normaliseTitle('ゲーム')).toBe('ゲーム');
    expect(normaliseTitle('ゲーム')).not.toBe(normaliseTitle('ケーム'));
    expect(normaliseTitle('《黑神话：悟空》销量突破2500万份')).toBe('黑神话悟空销量突破 2500 万份');
    expect(normaliseTitle('넥슨, 2분기 매출 역대 최대')).toBe('넥슨 2분기 매출 역대 최대');
    expect(normaliseTitle('นินเทนโดปรับเพิ่มคาดการณ์')).toBe('นินเทนโดปรับเพิ่มคาดการณ์'.normalize('NFKC'));
  });
});

describe('fingerprints and band keys', () => {
  const wire = {
    title: 'Nintendo raises annual forecast as Switch 2 sales top 10 million',
    description:
      'KYOTO, Japan (Reuters) - Nintendo raised its full-year profit forecast on Thursday after selling more than 10 million Switch 2 consoles in the four months since launch.',
  };
  const copies = [
    { title: `${wire.title} - Reuters`, description: wire.description.replace('KYOTO, Japan (Reuters) - ', '') },
    { title: `${wire.title} | Yahoo Finance` },
    { title: 'Nintendo lifts forecast after Switch 2 tops 10 million', description: `${wire.description.slice(0, 110)}…` },
  ];

  it('gives near-duplicates at least one shared band key, and sameStory holds', () => {
    const a = storyFingerprint(wire.title, wire.description);
    for (const c of copies) {
      const b = storyFingerprint(c.title, c.description);
      expect(shareBand(a, b)).toBe(true);
      expect(sameStory(a, b)).toBe(true);
      expect(sameStory(b, a)).toBe(true);
    }
  });

  it('works on title-only articles', () => {
    const a = storyFingerprint('Valve’s Steam hits new record of 40 million concurrent users');
    const b = storyFingerprint("VALVE'S STEAM HITS NEW RECORD OF 40 MILLION CONCURRENT USERS - MSN", null);
    const c = storyFingerprint('Steam hits new record of 41 million concurrent users');
    expect(storyBandKeys(a).length).toBeGreaterThan(0);
    expect(sameStory(a, b)).toBe(true);
    expect(sameStory(a, c)).toBe(false);
    expect(storySimilarity(a, a)).toBe(1);
  });

  it('keeps same-entity headlines apart', () => {
    const rise = storyFingerprint('Nintendo shares rise after Switch 2 sales beat forecasts');
    const fall = storyFingerprint('Nintendo shares fall after Switch 2 sales miss forecasts');
    expect(sameStory(rise, fall)).toBe(false);
  });

  it('is deterministic, and band keys are a function of the fingerprint only', () => {
    const a = storyFingerprint(wire.title, wire.description);
    const b = storyFingerprint(wire.title, wire.description);
    expect(storyBandKeys(a)).toEqual(storyBandKeys(b));
    expect(Array.from(a.title)).toEqual(Array.from(b.title));
    expect(Array.from(a.description)).toEqual(Array.from(b.description));
    // A copy of the fingerprint (as rebuilt from storage) gives the same keys.
    expect(storyBandKeys(structuredClone(a))).toEqual(storyBandKeys(a));
    // Pinned: keys stored today must be found by tomorrow's code (a change here needs a re-key).
    expect(storyBandKeys(storyFingerprint('Hollow Knight: Silksong finally gets release date')).slice(0, 2)).toMatchInlineSnapshot(`
      [
        3560201059,
        4536616840,
      ]
    `);
  });

  it('band keys are distinct non-negative integers below 2^40 (a PostgreSQL bigint, a safe JS number)', () => {
    for (const p of pairs.slice(0, 40)) {
      const keys = storyBandKeys(fingerprint(p.a));
      expect(new Set(keys).size).toBe(keys.length);
      for (const k of keys) {
        expect(Number.isSafeInteger(k)).toBe(true);
        expect(k).toBeGreaterThanOrEqual(0);
        expect(k).toBeLessThan(2 ** 40);
      }
    }
    expect(storyBandKeys(storyFingerprint('', ''))).toEqual([]);
  });

  it('exports a documented time window', () => {
    expect(STORY_WINDOW_HOURS).toBe(72);
  });
});
