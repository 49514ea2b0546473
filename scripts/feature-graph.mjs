#!/usr/bin/env node
// The server's feature import graph, read from the source: which feature folder imports which,
// the cycles between folders, the floors (a feature sits one floor above the highest feature it
// imports), the imports into another feature's internals (anything but its service.ts), and the
// imports of a feature from server/db, server/http and server/net. docs/architecture.md quotes it.
//
//   node scripts/feature-graph.mjs            the report
//   node scripts/feature-graph.mjs --json     the same as JSON
//   node scripts/feature-graph.mjs --check    exit 1 on a cycle, an internal import or a shared
//                                             folder importing a feature (tests included)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const featuresDir = join(root, 'server', 'features');
const sharedDirs = ['db', 'http', 'net'].map((d) => join(root, 'server', d));

function walk(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    if (name === 'migrations' || name === 'node_modules') continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...walk(p));
    else if (/\.(ts|tsx|mts|mjs|js)$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

// Static imports and re-exports (`from '…'`, across lines too), bare `import '…'` and `import('…')`.
const specifierRe = /(?:\bfrom\s*|\bimport\s*\(\s*|^import[ \t]+)['"]([^'"]+)['"]/gm;

/** The feature folder a path lies in, or null. */
function featureOf(path) {
  const rel = relative(featuresDir, path);
  if (rel.startsWith('..') || rel === '') return null;
  return rel.split(sep)[0];
}

function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const out = [];
  for (const m of text.matchAll(specifierRe)) {
    const spec = m[1];
    if (!spec.startsWith('.')) continue;
    out.push({ spec, target: resolve(dirname(file), spec) });
  }
  return out;
}

const features = readdirSync(featuresDir)
  .filter((n) => statSync(join(featuresDir, n)).isDirectory())
  .sort();
const edges = new Map(features.map((f) => [f, new Set()]));
const internal = []; // imports into another feature's non-service file
const sharedIntoFeature = []; // server/db|http|net importing a feature
let crossImports = 0;

for (const file of walk(featuresDir)) {
  const from = featureOf(file);
  const isTest = /\.test\.tsx?$/.test(file);
  for (const { spec, target } of importsOf(file)) {
    const to = featureOf(target);
    if (!to || to === from) continue;
    crossImports++;
    // Tests may read another feature's internals to set a scene; the graph is the product's.
    if (!isTest) edges.get(from).add(to);
    const base = target
      .split(sep)
      .pop()
      .replace(/\.(js|ts)$/, '');
    if (base !== 'service') internal.push({ file: relative(root, file), spec, test: isTest });
  }
}
for (const dir of sharedDirs) {
  for (const file of walk(dir)) {
    for (const { spec, target } of importsOf(file)) {
      if (featureOf(target)) sharedIntoFeature.push({ file: relative(root, file), spec });
    }
  }
}

// Strongly connected components (Tarjan); a component of more than one feature is a cycle.
function components() {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const out = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of edges.get(v)) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const comp = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      out.push(comp.sort());
    }
  };
  for (const f of features) if (!idx.has(f)) visit(f);
  return out;
}

const comps = components();
const compOf = new Map();
comps.forEach((c, i) => c.forEach((f) => compOf.set(f, i)));
const cycles = comps.filter((c) => c.length > 1);

// Floors over the component graph: floor 0 imports no other feature.
const floorOfComp = new Map();
function floorOf(ci) {
  if (floorOfComp.has(ci)) return floorOfComp.get(ci);
  floorOfComp.set(ci, 0);
  let f = 0;
  for (const v of comps[ci]) {
    for (const w of edges.get(v)) {
      const cj = compOf.get(w);
      if (cj !== ci) f = Math.max(f, floorOf(cj) + 1);
    }
  }
  floorOfComp.set(ci, f);
  return f;
}
const floors = [];
for (const f of features) {
  const fl = floorOf(compOf.get(f));
  (floors[fl] ??= []).push(f);
}

const report = {
  features: features.length,
  floors: floors.map((fs) => fs ?? []),
  edges: Object.fromEntries(features.map((f) => [f, [...edges.get(f)].sort()])),
  cycles,
  crossFeatureImports: crossImports,
  internalImports: internal,
  sharedImportsOfFeatures: sharedIntoFeature,
};

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(report, null, 2));
} else {
  console.log(`server features: ${features.length}, floors: ${floors.length}`);
  floors.forEach((fs, i) => {
    const label = (fs ?? []).map((f) => (edges.get(f).size ? `${f} → ${[...edges.get(f)].sort().join(', ')}` : f));
    console.log(`  floor ${i}:`);
    for (const l of label) console.log(`    ${l}`);
  });
  console.log(`cycles: ${cycles.length}${cycles.map((c) => `\n  ${c.join(' ⇄ ')}`).join('')}`);
  const prod = internal.filter((i) => !i.test);
  console.log(`imports into another feature's non-service file: ${internal.length} (${prod.length} outside tests)`);
  for (const i of internal) console.log(`  ${i.file} → ${i.spec}${i.test ? '  (test)' : ''}`);
  console.log(`server/db, server/http, server/net importing a feature: ${sharedIntoFeature.length}`);
  for (const i of sharedIntoFeature) console.log(`  ${i.file} → ${i.spec}`);
}

if (process.argv.includes('--check') && (cycles.length || internal.length || sharedIntoFeature.length)) process.exit(1);
