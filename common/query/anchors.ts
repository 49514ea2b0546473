import type { QueryNode } from './types.js';

/** Anchor set of a node, or null when it cannot be anchored (a bare prefix term). */
function anchorsOf(node: QueryNode): string[] | null {
  switch (node.type) {
    case 'phrase': {
      const exact = node.prefix ? node.tokens.slice(0, -1) : node.tokens;
      if (exact.length === 0) return null;
      // The longest token is the rarest one, roughly: fewer documents to check.
      const best = exact.reduce((a, b) => (b.length > a.length || (b.length === a.length && b < a) ? b : a));
      return [best];
    }
    case 'or': {
      const all = new Set<string>();
      for (const child of node.children) {
        const a = anchorsOf(child);
        if (!a) return null;
        a.forEach((t) => all.add(t));
      }
      return [...all];
    }
    case 'and': {
      let best: string[] | null = null;
      for (const child of node.children) {
        if (child.type === 'not') continue;
        const a = anchorsOf(child);
        if (a && (!best || a.length < best.length || (a.length === best.length && minLength(a) > minLength(best)))) best = a;
      }
      return best;
    }
    case 'not':
      return null;
  }
}

const minLength = (tokens: string[]) => Math.min(...tokens.map((t) => t.length));

/**
 * Tokens such that every document matching the query contains at least one of them: the alert
 * index only checks an alert against documents holding one of its anchors. An empty array
 * means "cannot anchor" (the query's matches may share no fixed token, e.g. `nintend*` alone):
 * the caller must then check that alert against every document.
 */
export function anchorTerms(query: QueryNode): string[] {
  return [...new Set(anchorsOf(query) ?? [])].sort();
}
