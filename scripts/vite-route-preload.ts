import fs from 'node:fs';
import path from 'node:path';
import { parseSync, type Plugin, type Rollup } from 'vite';

/** The workspace's frame, loaded for every workspace screen (web/app/router.tsx). */
const SHELL_MODULES = ['web/app/require-session.tsx', 'web/app/layout/app-layout.tsx', 'web/app/query-root.tsx'];
/** Where the workspace screens are listed, each as `[path, lazyScreen(() => import('…'), …)]`. */
const SCREENS_MODULE = 'web/app/workspace-routes.tsx';

export interface RoutePreloadMap {
  /** The frame's files, for any workspace path. */
  shell: string[];
  /** Per screen, in the router's order: the pattern of its path and the files it adds to the frame's. */
  screens: [pattern: string, files: string[]][];
}

/**
 * Starts a signed-in workspace screen's files with the page. A screen is the entry (~140 KB,
 * React, Mantine, the router) and then, once the router has run, the session gate, the frame and
 * the screen's own chunks (~150 KB more, web/app/router.tsx `preloadScreens`): two waves, the
 * second waiting for the first to download and run. This plugin gives index.html the list of
 * which files each workspace path needs (read off the build's chunk graph, ~1 KB compressed, in
 * boot.js's `data-route-preload`), and boot.js — which runs in the head, before the entry — asks
 * for them at once when a session token is stored: one wave. A page without a token (the login
 * page, a visitor) asks for nothing more. The router's own preloading then finds the files asked
 * for (Vite's preload helper skips a file a `<link>` already names).
 *
 * Scripts are `modulepreload`ed; style sheets are `preload`ed (Vite's helper still inserts each
 * stylesheet, and waits for it, as the chunk loads), so nothing here blocks rendering.
 */
export function routePreload(): Plugin {
  let root = '';
  return {
    name: 'coverwatch-route-preload',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset') return;
      const list = JSON.stringify(compact(routePreloadMap(bundle, root)));
      // In a single-quoted attribute: the list holds no quote of that kind (file names and patterns).
      if (/['&<>]/.test(list)) this.error('route preload: the list would need escaping in index.html');
      const page = String(html.source);
      const boot = '<script src="/boot.js"></script>';
      if (!page.includes(boot)) this.error('index.html no longer loads /boot.js, which reads the route preload list');
      html.source = page.replace(boot, `<script src="/boot.js" data-route-preload='${list}'></script>`);
    },
  };
}

/** The list as boot.js reads it: each file named once, the frame and the screens by index. */
export function compact(map: RoutePreloadMap): { files: string[]; shell: number[]; screens: [string, number[]][] } {
  const files: string[] = [];
  const index = (f: string) => {
    const i = files.indexOf(f);
    return i >= 0 ? i : files.push(f) - 1;
  };
  const shell = map.shell.map(index);
  return { files, shell, screens: map.screens.map(([pattern, list]) => [pattern, list.map(index)]) };
}

/** What each workspace path loads beyond the entry, read off the build's chunks. */
export function routePreloadMap(bundle: Rollup.OutputBundle, root: string): RoutePreloadMap {
  const chunks = Object.values(bundle).filter((o): o is Rollup.OutputChunk => o.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const entry = chunks.find((c) => c.isEntry && c.name === 'index');
  if (!entry) throw new Error('route preload: no index entry in the build');
  const chunkOf = (file: string) => {
    const id = path.resolve(root, file);
    const chunk = chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
    if (!chunk) throw new Error(`route preload: no chunk holds ${file}`);
    return chunk;
  };
  // A chunk and the chunks it imports statically (what loading it fetches), with their style sheets.
  const closure = (start: Rollup.OutputChunk, into = new Set<string>()) => {
    const walk = (c: Rollup.OutputChunk) => {
      if (into.has(c.fileName)) return;
      into.add(c.fileName);
      for (const css of c.viteMetadata?.importedCss ?? []) into.add(css);
      for (const f of c.imports) {
        const next = byFile.get(f);
        if (next) walk(next);
      }
    };
    walk(start);
    return into;
  };
  const inEntry = closure(entry);
  const shellSet = new Set<string>();
  for (const m of SHELL_MODULES) closure(chunkOf(m), shellSet);
  const shell = [...shellSet].filter((f) => !inEntry.has(f));
  const screens = workspaceScreens(root).map(([route, file]): [string, string[]] => [
    routePattern(route),
    [...closure(chunkOf(file))].filter((f) => !inEntry.has(f) && !shellSet.has(f)),
  ]);
  return { shell, screens };
}

/** `[path, module]` of every workspace screen, read from workspace-routes.tsx's `import('…')` calls. */
export function workspaceScreens(root: string): [route: string, file: string][] {
  const file = path.join(root, SCREENS_MODULE);
  const { program } = parseSync(file, fs.readFileSync(file, 'utf8'), { sourceType: 'module', lang: 'tsx' });
  const found: [string, string][] = [];
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const n = node as { type?: string; elements?: unknown[] };
    if (n.type === 'ArrayExpression' && n.elements?.length === 2) {
      const [route, screen] = n.elements as { type: string; value?: unknown }[];
      const specifier = route?.type === 'Literal' && typeof route.value === 'string' ? firstImport(screen) : null;
      if (specifier) {
        found.push([route!.value as string, moduleFile(path.dirname(file), specifier, root)]);
        return;
      }
    }
    for (const value of Object.values(n)) visit(value);
  };
  visit(program.body);
  if (found.length === 0) throw new Error(`route preload: no screens found in ${SCREENS_MODULE}`);
  return found;
}

/** The specifier of the first `import('…')` under `node`. */
function firstImport(node: unknown): string | null {
  if (!node || typeof node !== 'object') return null;
  const n = node as { type?: string; source?: { type?: string; value?: unknown } };
  if (n.type === 'ImportExpression' && n.source?.type === 'Literal' && typeof n.source.value === 'string') return n.source.value;
  for (const value of Object.values(n)) {
    const found = Array.isArray(value) ? value.map(firstImport).find(Boolean) : firstImport(value);
    if (found) return found;
  }
  return null;
}

function moduleFile(dir: string, specifier: string, root: string): string {
  const base = path.resolve(dir, specifier);
  const hit = ['.tsx', '.ts', '/index.tsx', '/index.ts'].map((ext) => base + ext).find((f) => fs.existsSync(f));
  if (!hit) throw new Error(`route preload: cannot find ${specifier} from ${dir}`);
  return path.relative(root, hit);
}

/** A route path (`reports/:projectId/:reportId`) as a regular expression's source for a pathname. */
export function routePattern(route: string): string {
  const segments = route.split('/').map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return `^/${segments.join('/')}/?$`;
}
