import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync, type Plugin } from 'vite';
import { MSG } from '../common/messages';

/** common/messages.ts, without its extension. */
const CATALOGUE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../common/messages');

/**
 * Writes each message of the catalogue (common/messages.ts) that a page names outright —
 * `MSG.auth.badCredentials`, `MSG.status[500]` — into the page's code as the string it is, so that a
 * page carries the words it shows rather than the whole catalogue: `MSG` is one object spread from
 * every area (account, coverage, media, integrations), which the bundler keeps whole wherever one
 * message of it is read (~7.5 KB brotli on the login page and the public report for a dozen strings).
 * A module whose every use of `MSG` is written in no longer imports it; one that still reads it by
 * a computed key (`MSG.status[err.status]`) or calls one of its functions keeps the import, and the
 * catalogue comes with it. Build only: the dev server and the tests run the modules as written.
 */
export function inlineMessages(): Plugin {
  return {
    name: 'coverwatch-inline-messages',
    apply: 'build',
    // After TypeScript and JSX are stripped: the code is plain JavaScript.
    enforce: 'post',
    transform: {
      filter: { id: /[\\/](?:web|common)[\\/].+\.tsx?$/, code: 'MSG' },
      handler(code, id) {
        const { program } = parseSync(`${id}.js`, code, { sourceType: 'module', lang: 'js' });
        const local = catalogueName(program.body, path.dirname(id.split('?')[0]));
        if (!local) return null;
        const edits: Edit[] = [];
        walk(program, (node) => {
          if (node.type !== 'MemberExpression') return true;
          const keys = memberKeys(node, local);
          if (!keys) return true;
          const value = keys.reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), MSG);
          // An object (a part of the catalogue read further on) or a function (called) stays as written.
          if (typeof value !== 'string' || code.slice(node.start, node.end).includes('\n')) return true;
          edits.push({ start: node.start, end: node.end, text: JSON.stringify(value) });
          return false;
        });
        if (!edits.length) return null;
        return { code: applyEdits(code, edits), map: editsMap(id, code, edits) };
      },
    },
  };
}

interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** The local name of `MSG` imported from common/messages, if the module imports it. */
function catalogueName(body: unknown[], dir: string): string | null {
  for (const statement of body as AstNode[]) {
    if (statement.type !== 'ImportDeclaration') continue;
    const source = (statement.source as { value: string }).value;
    if (!source.startsWith('.') || path.resolve(dir, source).replace(/\.[jt]s$/, '') !== CATALOGUE) continue;
    for (const s of statement.specifiers as AstNode[]) {
      const imported = s.imported as { name?: string; value?: string } | undefined;
      if (s.type === 'ImportSpecifier' && (imported?.name ?? imported?.value) === 'MSG') return (s.local as { name: string }).name;
    }
  }
  return null;
}

/** The keys of `MSG.a.b['c'][500]` (every key written out), or null for any other expression. */
function memberKeys(node: AstNode, local: string): string[] | null {
  const keys: string[] = [];
  let n: AstNode = node;
  while (n.type === 'MemberExpression') {
    if (n.optional) return null;
    const property = n.property as AstNode & { name?: string; value?: unknown };
    if (!n.computed && property.type === 'Identifier') keys.unshift(property.name!);
    else if (n.computed && property.type === 'Literal' && (typeof property.value === 'string' || typeof property.value === 'number'))
      keys.unshift(String(property.value));
    else return null;
    n = n.object as AstNode;
  }
  return n.type === 'Identifier' && n.name === local ? keys : null;
}

/** Visits every node, depth first; `visit` returning false skips the node's children. */
function walk(node: unknown, visit: (node: AstNode) => boolean) {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit);
    return;
  }
  if (node === null || typeof node !== 'object' || typeof (node as AstNode).type !== 'string') return;
  if (!visit(node as AstNode)) return;
  for (const [key, value] of Object.entries(node)) if (key !== 'type' && value !== null && typeof value === 'object') walk(value, visit);
}

/** A replacement of `code.slice(start, end)` (on one line) by `text` (without line breaks). */
export interface Edit {
  start: number;
  end: number;
  text: string;
}

export function applyEdits(code: string, edits: Edit[]): string {
  let out = '';
  let from = 0;
  for (const e of [...edits].sort((a, b) => a.start - b.start)) {
    out += code.slice(from, e.start) + e.text;
    from = e.end;
  }
  return out + code.slice(from);
}

/**
 * The source map of `applyEdits` (replacements within a line): on each line, a segment at its
 * start, one at each replacement and one after it, each pointing at the same place in the original.
 */
export function editsMap(file: string, code: string, edits: Edit[]) {
  const lineStarts = [0];
  for (let i = 0; i < code.length; i++) if (code[i] === '\n') lineStarts.push(i + 1);
  const byLine = new Map<number, Edit[]>();
  for (const e of [...edits].sort((a, b) => a.start - b.start)) {
    let line = lineStarts.length - 1;
    while (lineStarts[line] > e.start) line--;
    byLine.set(line, [...(byLine.get(line) ?? []), e]);
  }
  let prevLine = 0;
  let prevCol = 0;
  const lines: string[] = [];
  for (let line = 0; line < lineStarts.length; line++) {
    const segments: string[] = [];
    let prevGenCol = 0;
    const add = (genCol: number, col: number) => {
      segments.push(vlq(genCol - prevGenCol) + vlq(0) + vlq(line - prevLine) + vlq(col - prevCol));
      prevGenCol = genCol;
      prevLine = line;
      prevCol = col;
    };
    add(0, 0);
    let shift = 0;
    for (const e of byLine.get(line) ?? []) {
      const col = e.start - lineStarts[line];
      if (e.end > e.start) add(col + shift, col);
      shift += e.text.length - (e.end - e.start);
      add(e.end - lineStarts[line] + shift, e.end - lineStarts[line]);
    }
    lines.push(segments.join(','));
  }
  return { version: 3, file, sources: [file], sourcesContent: [code], names: [], mappings: lines.join(';') };
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function vlq(value: number): string {
  let v = value < 0 ? (-value << 1) | 1 : value << 1;
  let out = '';
  do {
    let digit = v & 31;
    v >>>= 5;
    if (v > 0) digit |= 32;
    out += BASE64[digit];
  } while (v > 0);
  return out;
}
