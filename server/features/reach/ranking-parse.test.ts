import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { gzipOf, rankingLines, zipOf } from '../../../test/fakes/ranking.js';
import { parseRankingLine, RankingFileError, readRanking, type RankingCounts, type RankingEntry } from './ranking-parse.js';

async function read(input: Buffer | string, limits?: Parameters<typeof readRanking>[2]) {
  const counts: RankingCounts = { lines: 0, entries: 0, skipped: 0 };
  const entries: RankingEntry[] = [];
  for await (const batch of readRanking(Readable.from([Buffer.from(input)]), counts, limits, 100)) entries.push(...batch);
  return { counts, entries };
}

describe('a ranking line', () => {
  it('reads `rank,domain` to the registrable domain', () => {
    expect(parseRankingLine('1,google.com')).toEqual({ rank: 1, domain: 'google.com' });
    expect(parseRankingLine('42,News.BBC.co.uk.')).toEqual({ rank: 42, domain: 'bbc.co.uk' });
    expect(parseRankingLine(' 7 , www.ign.com ')).toEqual({ rank: 7, domain: 'ign.com' });
    expect(parseRankingLine('9,"quoted.com"')).toEqual({ rank: 9, domain: 'quoted.com' });
  });

  it('reads internationalised domains in their ASCII form', () => {
    expect(parseRankingLine('12,münchen.de')).toEqual({ rank: 12, domain: 'xn--mnchen-3ya.de' });
    expect(parseRankingLine('13,xn--mnchen-3ya.de')).toEqual({ rank: 13, domain: 'xn--mnchen-3ya.de' });
  });

  it('refuses what is not a rank and a domain', () => {
    for (const bad of [
      '0,zero.com',
      '-1,neg.com',
      'x,junk.com',
      'google.com',
      '1,',
      ',a.com',
      '1,not a domain',
      '1,http://a.com/x',
      '1,a.com,b.com',
      '99999999999,big.com',
      '1,localhost',
      '1,127.0.0.1',
    ]) {
      expect(parseRankingLine(bad), bad).toBeNull();
    }
  });
});

describe('a ranking file', () => {
  it('streams plain, CRLF, gzipped and zipped lists alike', async () => {
    const text = rankingLines(250);
    for (const input of [text, text.replace(/\n/g, '\r\n'), gzipOf(text), zipOf('top-1m.csv', text)]) {
      const { counts, entries } = await read(input);
      expect(counts).toEqual({ lines: 250, entries: 250, skipped: 0 });
      expect(entries[0]).toEqual({ rank: 1, domain: 'site1.net' });
      expect(entries.at(-1)?.rank).toBe(250);
    }
  });

  it('counts and skips junk lines, a rank of 0 and blank lines', async () => {
    const text = `1,a.com\n\njunk line\n0,zero.com\n2,b.com\n3,not a domain\n4,c.com\n`;
    const { counts, entries } = await read(text);
    expect(entries.map((e) => e.domain)).toEqual(['a.com', 'b.com', 'c.com']);
    expect(counts).toEqual({ lines: 6, entries: 3, skipped: 3 });
  });

  it('refuses an HTML error page, JSON, an empty file and mostly junk — whole', async () => {
    await expect(read('<!doctype html><html><body>Error 503</body></html>')).rejects.toThrow(/web page or JSON/);
    await expect(read('{"error":"not found"}')).rejects.toThrow(RankingFileError);
    await expect(read('')).rejects.toThrow(/empty/);
    const junk = Array.from({ length: 1500 }, (_, i) => (i % 10 === 0 ? `${i + 1},ok${i}.com` : `line ${i}`)).join('\n');
    await expect(read(junk)).rejects.toThrow(/not a ranking/);
  });

  it('refuses a zip of a zip, and a file past its limits', async () => {
    const inner = zipOf('top-1m.csv', rankingLines(10));
    await expect(read(zipOf('list.zip', inner))).rejects.toThrow(/another archive/);
    await expect(read(zipOf('data.bin', inner))).rejects.toThrow(/another archive/);
    await expect(read(rankingLines(5000), { maxBytes: 10_000, maxEntries: 1e6 })).rejects.toThrow(/larger than/);
    await expect(read(rankingLines(500), { maxBytes: 1e9, maxEntries: 100 })).rejects.toThrow(/longer than 100 entries/);
    // A zip bomb stops at the limit once opened.
    await expect(read(zipOf('top-1m.csv', rankingLines(20_000)), { maxBytes: 50_000, maxEntries: 1e6 })).rejects.toThrow(/larger than/);
  });
});
