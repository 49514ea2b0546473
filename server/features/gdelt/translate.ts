/**
 * An alert's query (common/query's tree) in GDELT's DOC 2.0 syntax (third-party-apis.md §16):
 * words, "exact phrases", parenthesised OR groups of words and phrases, exclusions with a leading
 * `-`, AND by a space. Pure.
 *
 * What GDELT cannot express is dropped so that the GDELT query only WIDENS the alert's query
 * (its answer holds every article the alert would match, and more): a prefix (`nintend*`), a
 * word shorter than GDELT's 3 characters, an AND inside an OR group (the group keeps one term of
 * it), an exclusion of anything but words and phrases, and terms beyond MAX_GDELT_TERMS (exclusions
 * first, then the largest groups). `exact` says nothing was dropped: otherwise every result is
 * filtered locally with the alert's own query (common/query's matcher). Equal translations print
 * equal text (sorted, de-duplicated): the text is the key of one request for every alert sharing it.
 */
import type { QueryNode } from '../../../common/query/types.js';

/** GDELT refuses keywords shorter than this ("too short"). */
export const GDELT_MIN_KEYWORD = 3;
/** Words and phrases sent in one query at most (a longer query is refused or times out at GDELT). */
export const MAX_GDELT_TERMS = 10;

/** A word or a phrase, as GDELT text (`acme`, `"acme corp"`). */
type Term = string;
/** A conjunction's member: a term, an OR group of terms, or an excluded term. */
type Clause = { kind: 'term'; term: Term } | { kind: 'any'; terms: Term[] } | { kind: 'not'; term: Term };

export type GdeltTranslation =
  { ok: true; query: string; exact: boolean; terms: number } | { ok: false; reason: 'prefix_only' | 'too_short' | 'too_many_terms' | 'not_expressible' };

interface Partial {
  clauses: Clause[];
  exact: boolean;
  /** Why a part was dropped (the first reason; for the answer when nothing is left). */
  dropped: 'prefix_only' | 'too_short' | 'too_many_terms' | 'not_expressible' | null;
}

const CJK = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]$/u;

/** Consecutive CJK characters (one token each after tokenize) are one GDELT keyword. */
function words(tokens: string[]): string[] {
  const out: string[] = [];
  let run = '';
  for (const t of tokens) {
    if (CJK.test(t)) {
      run += t;
      continue;
    }
    if (run) {
      out.push(run);
      run = '';
    }
    out.push(t);
  }
  if (run) out.push(run);
  return out;
}

const length = (w: string) => [...w].length;

/** A phrase node as one GDELT term, or why it cannot be one. */
function phraseTerm(tokens: string[], prefix: boolean): { term: Term } | { dropped: 'prefix_only' | 'too_short' } {
  if (prefix) return { dropped: 'prefix_only' };
  const ws = words(tokens);
  // A single keyword must have 3 characters; a phrase is accepted when one of its words has.
  if (!ws.some((w) => length(w) >= GDELT_MIN_KEYWORD)) return { dropped: 'too_short' };
  return { term: ws.length === 1 ? ws[0] : `"${ws.join(' ')}"` };
}

function translateNode(node: QueryNode): Partial {
  switch (node.type) {
    case 'phrase': {
      const t = phraseTerm(node.tokens, node.prefix);
      return 'term' in t ? { clauses: [{ kind: 'term', term: t.term }], exact: true, dropped: null } : { clauses: [], exact: false, dropped: t.dropped };
    }
    case 'and': {
      const out: Partial = { clauses: [], exact: true, dropped: null };
      for (const child of node.children) {
        const part = child.type === 'not' ? translateExclusion(child.child) : translateNode(child);
        out.clauses.push(...part.clauses);
        out.exact &&= part.exact;
        out.dropped ??= part.dropped;
      }
      return out;
    }
    case 'or': {
      const terms: Term[] = [];
      let exact = true;
      for (const child of node.children) {
        const part = translateNode(child);
        const positives = part.clauses.filter((c) => c.kind !== 'not');
        // A branch that lost everything matches anything as far as GDELT can tell: the group cannot narrow.
        if (positives.length === 0) return { clauses: [], exact: false, dropped: part.dropped ?? 'not_expressible' };
        if (positives.length === 1 && part.clauses.length === 1) {
          const only = positives[0];
          terms.push(...(only.kind === 'term' ? [only.term] : only.kind === 'any' ? only.terms : []));
          exact &&= part.exact;
          continue;
        }
        // An AND inside an OR: GDELT takes no nested groups; one of its terms (the longest) widens it.
        const candidates = positives.flatMap((c) => (c.kind === 'term' ? [c.term] : []));
        if (candidates.length === 0) {
          const group = positives.find((c) => c.kind === 'any');
          if (!group || group.kind !== 'any') return { clauses: [], exact: false, dropped: 'not_expressible' };
          terms.push(...group.terms);
        } else {
          terms.push(candidates.reduce((a, b) => (length(b) > length(a) ? b : a)));
        }
        exact = false;
      }
      const unique = [...new Set(terms)];
      return {
        clauses: [unique.length === 1 ? { kind: 'term', term: unique[0] } : { kind: 'any', terms: unique }],
        exact,
        dropped: exact ? null : 'not_expressible',
      };
    }
    case 'not':
      // Not reachable from parseQuery (a `not` sits in an `and`).
      return translateExclusion(node.child);
  }
}

/** `-x`: a word or phrase is excluded as such; an OR of them term by term (-(a OR b) = -a -b); anything else is dropped (widening). */
function translateExclusion(child: QueryNode): Partial {
  const terms: Term[] = [];
  const members = child.type === 'or' ? child.children : [child];
  for (const m of members) {
    if (m.type !== 'phrase') return { clauses: [], exact: false, dropped: 'not_expressible' };
    const t = phraseTerm(m.tokens, m.prefix);
    if (!('term' in t)) return { clauses: [], exact: false, dropped: t.dropped };
    terms.push(t.term);
  }
  return { clauses: terms.map((term) => ({ kind: 'not', term })), exact: true, dropped: null };
}

const termCount = (c: Clause) => (c.kind === 'any' ? c.terms.length : 1);
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function clauseText(c: Clause): string {
  if (c.kind === 'term') return c.term;
  if (c.kind === 'not') return `-${c.term}`;
  return `(${[...c.terms].sort(compare).join(' OR ')})`;
}

/**
 * The GDELT query of an alert's parsed query. Not ok when nothing positive is left to send
 * (the alert is then not searched in GDELT; `reason` says why).
 */
export function toGdeltQuery(query: QueryNode, maxTerms = MAX_GDELT_TERMS): GdeltTranslation {
  const part = translateNode(query);
  let exact = part.exact;
  let dropped = part.dropped;
  // De-duplicate (an OR group that holds a required term is implied by it: kept, harmless).
  const seen = new Set<string>();
  let clauses = part.clauses.filter((c) => {
    const key = clauseText(c);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const total = () => clauses.reduce((n, c) => n + termCount(c), 0);
  if (total() > maxTerms) {
    exact = false;
    dropped ??= 'too_many_terms';
    // Exclusions first (dropping one widens), then the largest OR groups, then the shortest words.
    const order = [...clauses].sort(
      (a, b) => Number(b.kind === 'not') - Number(a.kind === 'not') || termCount(b) - termCount(a) || length(clauseText(a)) - length(clauseText(b)),
    );
    for (const c of order) {
      if (total() <= maxTerms) break;
      clauses = clauses.filter((x) => x !== c);
    }
  }
  const positives = clauses.filter((c) => c.kind !== 'not');
  if (positives.length === 0) return { ok: false, reason: dropped ?? 'not_expressible' };
  const text = [
    ...positives.map(clauseText).sort(compare),
    ...clauses
      .filter((c) => c.kind === 'not')
      .map(clauseText)
      .sort(compare),
  ].join(' ');
  return { ok: true, query: text, exact, terms: total() };
}

/** Why an alert is not searched in GDELT, for the operator. */
export const GDELT_UNSUPPORTED: Record<Extract<GdeltTranslation, { ok: false }>['reason'], string> = {
  prefix_only: 'GDELT cannot search word beginnings (word*)',
  too_short: 'GDELT needs words of 3 characters or more',
  too_many_terms: 'The query has more terms than GDELT takes in one search',
  not_expressible: 'GDELT cannot express this query',
};
