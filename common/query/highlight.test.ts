import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { highlightRanges, highlightSegments } from './highlight.js';
import { indexDocument, matchesQuery } from './match.js';
import { parseQuery } from './parse.js';

/** The marked parts of `text`, in order. */
function marked(query: string, text: string): string[] {
  return highlightRanges(query, text).map((r) => text.slice(r.start, r.end));
}

describe('highlightRanges', () => {
  it('marks single terms whatever their case, accents or trailing punctuation', () => {
    expect(marked('starfall', 'Starfall review: STARFALL is here, starfall!')).toEqual(['Starfall', 'STARFALL', 'starfall']);
    expect(marked('cafe', 'Le Café de Paris')).toEqual(['Café']);
    // Decomposed accents (e + U+0301) stay with their letter.
    expect(marked('cafe', 'Le Cafe\u0301 de Paris')).toEqual(['Cafe\u0301']);
    expect(marked('nintendo', "Nintendo's new console")).toEqual(['Nintendo']);
  });

  it('marks a phrase as one range, spaces and punctuation between its words included', () => {
    expect(marked('"breath of the wild"', 'Zelda: Breath of the Wild, and the wild west')).toEqual(['Breath of the Wild']);
    expect(marked('e-sports', 'The e‑sports scene: e sports and esports')).toEqual(['e‑sports', 'e sports']);
    // Only where the words follow each other.
    expect(marked('"nebula games"', 'Games from Nebula')).toEqual([]);
  });

  it('marks prefixes as the whole word', () => {
    expect(marked('nintend*', 'Nintendo and the Nintendo Switch, not Sony')).toEqual(['Nintendo', 'Nintendo']);
    expect(marked('star-fal*', 'Star Fallen, star falls, stars fall')).toEqual(['Star Fallen', 'star falls']);
  });

  it('leaves excluded terms unmarked and marks every positive branch', () => {
    expect(marked('+starfall -giveaway', 'Starfall giveaway')).toEqual(['Starfall']);
    expect(marked('starfall OR meridian NOT (patch -notes)', 'Starfall patch for Meridian')).toEqual(['Starfall', 'Meridian']);
    expect(marked('+"starfall" +("review" "preview") -"giveaway"', 'Starfall preview and review')).toEqual(['Starfall', 'preview', 'review']);
  });

  it('merges overlapping matches and accepts curly quotes', () => {
    expect(marked('"nebula games" games', 'Nebula Games')).toEqual(['Nebula Games']);
    expect(marked('"nebula games" "games from"', 'Nebula Games from space')).toEqual(['Nebula Games from']);
    expect(marked('“nebula games”', 'Nebula Games')).toEqual(['Nebula Games']);
  });

  it('handles CJK, ligatures and text around astral characters', () => {
    expect(marked('"発売日"', 'Nebula Games新作「Starfall」発売日決定')).toEqual(['発売日']);
    expect(marked('starfall', 'Nebula Games新作「Starfall」発売日決定')).toEqual(['Starfall']);
    expect(marked('office', 'The oﬃce 🎮 office')).toEqual(['oﬃce', 'office']);
    expect(marked('game', '🎮🎮 game 🎮')).toEqual(['game']);
  });

  it('marks nothing for a query that does not parse, or an empty text', () => {
    expect(highlightRanges('"unclosed', 'unclosed quote')).toEqual([]);
    expect(highlightRanges('-only', 'only exclusions')).toEqual([]);
    expect(highlightRanges('starfall', '')).toEqual([]);
  });

  it('accepts an already parsed query', () => {
    const parsed = parseQuery('starfall');
    if (!parsed.ok) throw new Error('parse');
    expect(highlightRanges(parsed.query, 'Starfall')).toEqual([{ start: 0, end: 8 }]);
  });

  it('property: a single-term query marks text exactly when the matcher finds it', () => {
    const word = fc.constantFrom('starfall', 'nebula', 'games', 'review', 'café', 'e-sports', 'ゲーム');
    fc.assert(
      fc.property(word, fc.array(fc.oneof(word, fc.string({ maxLength: 6 })), { maxLength: 8 }), (term, parts) => {
        const text = parts.join(' ');
        const parsed = parseQuery(`"${term}"`);
        if (!parsed.ok) return;
        const found = matchesQuery(parsed.query, indexDocument(text));
        expect(highlightRanges(parsed.query, text).length > 0).toBe(found);
      }),
    );
  });

  it('property: ranges are sorted, disjoint and inside the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.string({ maxLength: 60 }), (query, text) => {
        const ranges = highlightRanges(query, text);
        let last = -1;
        for (const r of ranges) {
          expect(r.start).toBeGreaterThan(last);
          expect(r.end).toBeGreaterThan(r.start);
          expect(r.end).toBeLessThanOrEqual(text.length);
          last = r.end;
        }
      }),
    );
  });
});

describe('highlightSegments', () => {
  it('cuts the text into marked and plain pieces that join back to it', () => {
    const text = 'Starfall review: Starfall';
    const segments = highlightSegments(text, highlightRanges('starfall', text));
    expect(segments).toEqual([
      { text: 'Starfall', marked: true },
      { text: ' review: ', marked: false },
      { text: 'Starfall', marked: true },
    ]);
    expect(segments.map((s) => s.text).join('')).toBe(text);
    expect(highlightSegments('plain', [])).toEqual([{ text: 'plain', marked: false }]);
  });
});
