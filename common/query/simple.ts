import { normalizeQuotes } from './tokenize.js';

/** The simple mode of the keywords form: three lists of terms (each matched as a phrase). */
export interface SimpleQuery {
  all: string[];
  any: string[];
  exclude: string[];
}

/** A term as the builder writes it: straight quotes removed (a term cannot contain one), trimmed. */
export function cleanTerm(term: string): string {
  return normalizeQuotes(term).replace(/"/g, '').trim();
}

/** The form's comma-separated input ("halo, master chief") as terms. */
export function splitTerms(text: string): string[] {
  return text
    .split(',')
    .map(cleanTerm)
    .filter((t) => t.length > 0);
}

/** Terms back into the form's comma-separated input. */
export function joinTerms(terms: string[]): string {
  return terms.join(', ');
}

/**
 * Builds the keywords of a simple query (spec 000 §5): each term quoted; "all" terms each
 * with `+`, the "any" terms in ONE `+( … )` group, excluded terms with `-`; joined by spaces.
 */
export function buildSimpleQuery({ all, any, exclude }: SimpleQuery): string {
  const clean = (terms: string[]) => terms.map(cleanTerm).filter((t) => t.length > 0);
  const parts = clean(all).map((t) => `+"${t}"`);
  const anyTerms = clean(any);
  if (anyTerms.length > 0) parts.push(`+(${anyTerms.map((t) => `"${t}"`).join(' ')})`);
  parts.push(...clean(exclude).map((t) => `-"${t}"`));
  return parts.join(' ');
}

const TERM_RE = /"([^"]*)"/y;
const SPACE_RE = /\s*/y;

/**
 * Reads keywords written by buildSimpleQuery back into lists; null when the keywords are
 * "advanced" (anything else: bare words, AND/OR/NOT, a second `+( … )` group, nesting).
 */
export function parseSimpleQuery(keywords: string): SimpleQuery | null {
  const text = normalizeQuotes(keywords ?? '');
  const out: SimpleQuery = { all: [], any: [], exclude: [] };
  let pos = 0;
  let sawGroup = false;
  const skipSpace = () => {
    SPACE_RE.lastIndex = pos;
    SPACE_RE.exec(text);
    pos = SPACE_RE.lastIndex;
  };
  const readTerm = (): string | null => {
    TERM_RE.lastIndex = pos;
    const m = TERM_RE.exec(text);
    if (!m) return null;
    pos = TERM_RE.lastIndex;
    const term = m[1].trim();
    return term.length > 0 ? term : null;
  };
  for (skipSpace(); pos < text.length; skipSpace()) {
    const sign = text[pos];
    if (sign !== '+' && sign !== '-') return null;
    pos++;
    if (sign === '+' && text[pos] === '(') {
      if (sawGroup) return null;
      sawGroup = true;
      pos++;
      for (skipSpace(); text[pos] !== ')'; skipSpace()) {
        const term = readTerm();
        if (term === null) return null;
        out.any.push(term);
      }
      if (out.any.length === 0) return null;
      pos++;
      continue;
    }
    const term = readTerm();
    if (term === null) return null;
    (sign === '+' ? out.all : out.exclude).push(term);
  }
  return out;
}

/** True when the keywords cannot be shown in the simple form (the form then forces advanced mode). */
export function isAdvancedQuery(keywords: string): boolean {
  return parseSimpleQuery(keywords) === null;
}

/**
 * Keywords a person typed in a plain field, without choosing the advanced mode (the sign-up's
 * article alert; the YouTube and Twitch keyword fields reuse it): a typed name is read as that
 * name. The text is split at commas, each term becomes a phrase (`Aurora Interactive` →
 * `+"Aurora Interactive"`, never the OR of two words), and the terms are combined by the simple
 * builder's rules (000 §5): `any` (the default: "Acme, Acme Games" are alternative names) puts
 * them in one `+( … )` group, `all` requires each. Text already in the builder's form (what
 * this function or the alert form's builder wrote) is kept as it is, so converting twice
 * changes nothing. Case is kept: matching ignores it.
 */
export function typedTermsToKeywords(text: string, combine: 'all' | 'any' = 'any'): string {
  const built = parseSimpleQuery(text);
  if (built && built.all.length + built.any.length + built.exclude.length > 0) return buildSimpleQuery(built);
  const terms = splitTerms(text ?? '');
  // One term: `+"x"` says the same as `+("x")` and reads back as a simple query either way.
  if (terms.length <= 1 || combine === 'all') return buildSimpleQuery({ all: terms, any: [], exclude: [] });
  return buildSimpleQuery({ all: [], any: terms, exclude: [] });
}
