import { parseQuery } from './parse.js';
import { MAX_TOKEN_CHARS, foldText, tokenize } from './tokenize.js';
import type { PhraseNode, QueryNode } from './types.js';

/** A matched part of a text: UTF-16 offsets [start, end) into the original (unfolded) text. */
export interface HighlightRange {
  start: number;
  end: number;
}

/** A piece of text, marked when it belongs to a matched term. */
export interface HighlightSegment {
  text: string;
  marked: boolean;
}

/** A token of the text with where it came from in the original string. */
interface LocatedToken {
  token: string;
  start: number;
  end: number;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * The text cut into user-perceived characters (grapheme clusters), so a letter and its
 * combining marks, or a Hangul syllable written as jamo, fold as one unit exactly as they do
 * inside the whole text.
 */
function graphemes(text: string): { value: string; index: number }[] {
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    return Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text), (s) => ({ value: s.segment, index: s.index }));
  }
  // Fallback: a code point with the combining marks that follow it.
  return Array.from(text.matchAll(/[\s\S]\p{M}*/gu), (m) => ({ value: m[0], index: m.index ?? 0 }));
}

/**
 * The text's search tokens (the shared tokenizer's, so they are the ones the query is matched
 * against) with their offsets in the original text. Folding changes lengths (ligatures,
 * marks, compatibility forms), so the folded text is rebuilt grapheme by grapheme with a map
 * back to the original offsets, and each token is found there in order.
 */
function locateTokens(text: string): LocatedToken[] {
  const tokens = tokenize(text, Infinity);
  if (tokens.length === 0) return [];
  let folded = '';
  const origStart: number[] = [];
  const origEnd: number[] = [];
  for (const g of graphemes(text)) {
    const f = foldText(g.value);
    for (let i = 0; i < f.length; i++) {
      origStart.push(g.index);
      origEnd.push(g.index + g.value.length);
    }
    folded += f;
  }
  const out: LocatedToken[] = [];
  let cursor = 0;
  for (const token of tokens) {
    const at = folded.indexOf(token, cursor);
    // Folding the whole text and folding it piecewise agree for real text; if some exotic input
    // makes them differ, the tokens found so far are still right and the rest stays unmarked.
    if (at < 0) break;
    const end = at + token.length;
    out.push({ token, start: origStart[at], end: origEnd[end - 1] });
    cursor = end;
    // A token cut at MAX_TOKEN_CHARS: the rest of its run is not a token of its own.
    if (Array.from(token).length >= MAX_TOKEN_CHARS) while (cursor < folded.length && LETTER_OR_DIGIT.test(folded[cursor])) cursor++;
  }
  return out;
}

/** The phrases a document is found by: every phrase that is not under a negation. */
function positivePhrases(node: QueryNode, out: PhraseNode[] = []): PhraseNode[] {
  switch (node.type) {
    case 'phrase':
      out.push(node);
      break;
    case 'and':
    case 'or':
      node.children.forEach((c) => positivePhrases(c, out));
      break;
    case 'not':
      break;
  }
  return out;
}

function tokenMatches(phrase: PhraseNode, i: number, token: string): boolean {
  const wanted = phrase.tokens[i];
  return phrase.prefix && i === phrase.tokens.length - 1 ? token.startsWith(wanted) : token === wanted;
}

/** Sorted, with overlapping or touching ranges merged. */
function mergeRanges(ranges: HighlightRange[]): HighlightRange[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start || a.end - b.end);
  const out: HighlightRange[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else out.push({ ...r });
  }
  return out;
}

/**
 * Where the query's terms occur in `text`: each occurrence of a phrase (its tokens in a row,
 * the last one as a prefix for `word*`) that the query looks for, excluded terms left out.
 * Matching uses the shared tokenizer, so "Nintendo's" or "NINTENDO" is found by `nintendo`
 * and "e‑sports" by "e-sports" exactly as the search itself finds them. A query that does
 * not parse highlights nothing.
 */
export function highlightRanges(query: string | QueryNode, text: string): HighlightRange[] {
  if (!text) return [];
  let node: QueryNode;
  if (typeof query === 'string') {
    const parsed = parseQuery(query);
    if (!parsed.ok) return [];
    node = parsed.query;
  } else node = query;
  const phrases = positivePhrases(node);
  if (phrases.length === 0) return [];
  const located = locateTokens(text);
  const ranges: HighlightRange[] = [];
  for (const phrase of phrases) {
    const n = phrase.tokens.length;
    for (let at = 0; at + n <= located.length; at++) {
      let ok = true;
      for (let i = 0; i < n && ok; i++) ok = tokenMatches(phrase, i, located[at + i].token);
      if (ok) ranges.push({ start: located[at].start, end: located[at + n - 1].end });
    }
  }
  return mergeRanges(ranges);
}

/** `text` cut into marked and unmarked pieces along `ranges` (as returned by highlightRanges). */
export function highlightSegments(text: string, ranges: HighlightRange[]): HighlightSegment[] {
  const out: HighlightSegment[] = [];
  let pos = 0;
  for (const r of ranges) {
    if (r.start > pos) out.push({ text: text.slice(pos, r.start), marked: false });
    if (r.end > r.start) out.push({ text: text.slice(r.start, r.end), marked: true });
    pos = r.end;
  }
  if (pos < text.length) out.push({ text: text.slice(pos), marked: false });
  return out;
}
