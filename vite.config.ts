import { defineConfig, parseSync, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { applyEdits, editsMap, inlineMessages, type Edit } from './scripts/vite-inline-messages';
import { precompress } from './scripts/vite-precompress';
import { routePreload } from './scripts/vite-route-preload';

export default defineConfig({
  plugins: [react(), pureSchemas(), inlineMessages(), routePreload(), precompress(), publicReportPage()],
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
      // The app, and the shared report /p/r/{id} as a page of its own (web/public-report.tsx).
      input: { index: 'index.html', 'public-report': 'web/public-report.html' },
      // React, React DOM and the scheduler (and Vite's preload helper) in one chunk that both entries
      // share: left to the inlining below, React was copied into two files of the same page.
      output: {
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](?:react|react-dom|scheduler)[\\/]|vite[\\/]preload-helper/ }],
          experimentalInlineCommonChunks: { maxSize: 20_000 },
        },
      },
    },
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3000}` },
  },
});

/**
 * The dev server sends the shared report's page (web/public-report.html) for /p/r/{id}, as the
 * server does for a build (server/app.ts); every other path gets index.html, Vite's default.
 */
function publicReportPage(): Plugin {
  return {
    name: 'coverwatch-public-report-page',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/p\/r\/[^/?#]+\/?(?:[?#]|$)/.test(req.url)) req.url = `/web/public-report.html${req.url.replace(/^[^?#]*/, '')}`;
        next();
      });
    },
  };
}

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
            edits.push({ start: init.start, end: init.start, text: '/* @__PURE__ */ (() => (' }, { start: init.end, end: init.end, text: '))()' });
          }
        }
        if (!edits.length) return null;
        return { code: applyEdits(code, edits), map: editsMap(id, code, edits) };
      },
    },
  };
}
