import { defineConfig, parseSync, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/vite-precompress';

export default defineConfig({
  plugins: [react(), pureSchemas(), precompress()],
  root: '.',
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      // Every screen is a chunk of its own (web/app/router.tsx); left alone, the modules two
      // screens share become a hundred chunks of a few hundred bytes each, and a screen fetched
      // 60 to 150 files (each with ~400 bytes of response headers, compressed apart). A shared
      // chunk under 20 KB (source) is copied into the chunks that use it instead: a page is a
      // dozen files, at the cost of a few KB fetched again when another screen opens. Rolldown
      // marks this option experimental; the e2e journeys run on its output.
      preserveEntrySignatures: false,
      output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 20_000 } } },
    },
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3000}` },
  },
});

/** Initializers that are free of side effects as they stand: nothing to mark. */
const PURE_AS_IS = new Set(['Literal', 'Identifier', 'ArrowFunctionExpression', 'FunctionExpression', 'TemplateLiteral']);

/**
 * Marks each top-level `const` of common/ as pure (`/* @__PURE__ *\/ (() => (…))()`), so that the
 * bundler drops the schemas a page does not use. common/schemas/ mixes zod schemas with constants
 * and display helpers (a report's template placeholders, `reachBasis`, page sizes); a page that
 * imports only a helper otherwise loads zod and every schema of the module, since the bundler
 * cannot tell that `z.object(…)` — or `new Set(…)` in common/url.ts, which a schema module imports,
 * making it look effectful too — has no side effect: the public report loaded ~25 KB (brotli) of
 * them for two helpers. Every top-level statement in common/ is a declaration, and every
 * initializer builds a value (schemas, lists, maps, shapes) that nothing depends on being built
 * but its readers, so a kept declaration runs as before and a dropped one was unused. Build only:
 * the dev server, the tests and the server run the modules as written.
 */
function pureSchemas(): Plugin {
  return {
    name: 'coverwatch-pure-schemas',
    apply: 'build',
    // After TypeScript is stripped: the code is plain JavaScript.
    enforce: 'post',
    transform: {
      filter: { id: /[\\/]common[\\/].+\.ts$/ },
      handler(code, id) {
        const { program } = parseSync(`${id}.js`, code, { sourceType: 'module', lang: 'js' });
        const edits: Edit[] = [];
        for (const statement of program.body) {
          const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
          if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
          for (const { init } of declaration.declarations) {
            if (!init || PURE_AS_IS.has(init.type)) continue;
            edits.push({ at: init.start, text: '/* @__PURE__ */ (() => (' }, { at: init.end, text: '))()' });
          }
        }
        if (!edits.length) return null;
        return { code: applyEdits(code, edits), map: insertionsMap(id, code, edits) };
      },
    },
  };
}

interface Edit {
  at: number;
  text: string;
}

function applyEdits(code: string, edits: Edit[]): string {
  let out = '';
  let from = 0;
  for (const e of [...edits].sort((a, b) => a.at - b.at)) {
    out += code.slice(from, e.at) + e.text;
    from = e.at;
  }
  return out + code.slice(from);
}

/**
 * The source map of `applyEdits` (insertions without line breaks): on each line, a segment at its
 * start and one after each insertion, each pointing at the same place in the original.
 */
function insertionsMap(file: string, code: string, edits: Edit[]) {
  const lineStarts = [0];
  for (let i = 0; i < code.length; i++) if (code[i] === '\n') lineStarts.push(i + 1);
  const byLine = new Map<number, Edit[]>();
  for (const e of [...edits].sort((a, b) => a.at - b.at)) {
    let line = lineStarts.length - 1;
    while (lineStarts[line] > e.at) line--;
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
      shift += e.text.length;
      const col = e.at - lineStarts[line];
      add(col + shift, col);
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
