import path from 'node:path';
import { matchPath } from 'react-router';
import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { compact, routePattern, routePreloadMap, workspaceScreens } from '../scripts/vite-route-preload';
import { WORKSPACE_SCREENS } from '../web/app/workspace-routes';

/** The build's list of what each workspace path loads beyond the entry (scripts/vite-route-preload.ts). */
const root = path.resolve(__dirname, '..');

const chunk = (fileName: string, facade: string | null, imports: string[], css: string[] = [], extra: Partial<Rollup.OutputChunk> = {}) =>
  ({
    type: 'chunk',
    fileName,
    name: path.basename(fileName, '.js'),
    isEntry: false,
    facadeModuleId: facade && path.resolve(root, facade),
    moduleIds: facade ? [path.resolve(root, facade)] : [],
    imports,
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
    ...extra,
  }) as unknown as Rollup.OutputChunk;

describe('route preload', () => {
  it('finds every workspace screen of the router, in its order', () => {
    expect(workspaceScreens(root).map(([route]) => route)).toEqual(WORKSPACE_SCREENS.map(([route]) => route));
  });

  it('matches the pathnames the router matches to each screen, and no other', () => {
    const samples = [
      '/settings',
      '/settings/',
      '/articles-feed/12',
      '/Articles-Feed/12',
      '/reports/3',
      '/reports/3/41',
      '/websites/ign.com',
      '/websites',
      '/operator/organizations',
      '/login',
      '/p/r/abc',
      '/articles-feed',
      '/articles-feed/1/2',
      '/',
    ];
    for (const [route] of WORKSPACE_SCREENS) {
      const re = new RegExp(routePattern(route), 'i');
      for (const pathname of samples) expect(re.test(pathname), `${route} ${pathname}`).toBe(matchPath(`/${route}`, pathname) !== null);
    }
  });

  it('lists the frame once and, per screen, only what the entry and the frame do not already load', () => {
    const screens = workspaceScreens(root);
    const bundle: Rollup.OutputBundle = {};
    const add = (c: Rollup.OutputChunk) => (bundle[c.fileName] = c);
    add(chunk('assets/index.js', 'index.html', ['assets/react.js'], ['assets/index.css'], { isEntry: true, name: 'index' }));
    add(chunk('assets/react.js', null, []));
    add(chunk('assets/overlays.js', null, ['assets/react.js']));
    add(chunk('assets/table.js', null, ['assets/react.js', 'assets/overlays.js'], ['assets/table.css']));
    add(chunk('assets/require-session.js', 'web/app/require-session.tsx', ['assets/react.js']));
    add(chunk('assets/app-layout.js', 'web/app/layout/app-layout.tsx', ['assets/overlays.js'], ['assets/app-layout.css']));
    add(chunk('assets/query-root.js', 'web/app/query-root.tsx', []));
    screens.forEach(([, file], i) => add(chunk(`assets/screen-${i}.js`, file, ['assets/table.js'], [`assets/screen-${i}.css`])));

    const map = routePreloadMap(bundle, root);
    expect(map.shell.sort()).toEqual([
      'assets/app-layout.css',
      'assets/app-layout.js',
      'assets/overlays.js',
      'assets/query-root.js',
      'assets/require-session.js',
    ]);
    expect(map.screens).toHaveLength(screens.length);
    map.screens.forEach(([pattern, files], i) => {
      expect(pattern).toBe(routePattern(screens[i]![0]));
      expect(files.sort()).toEqual([`assets/screen-${i}.css`, `assets/screen-${i}.js`, 'assets/table.css', 'assets/table.js']);
    });

    // As index.html carries it: each file once, the lists by index.
    const list = compact(map);
    expect(new Set(list.files).size).toBe(list.files.length);
    expect(list.shell.map((i) => list.files[i])).toEqual(map.shell);
    list.screens.forEach(([pattern, indexes], i) => expect([pattern, indexes.map((k) => list.files[k])]).toEqual(map.screens[i]));
  });
});
