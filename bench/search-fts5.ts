// bench/search's peer: the same archive and queries on SQLite FTS5 (bench/search-fts5.py).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { QueryNode } from '../common/query/types.js';
import { root } from './lib.js';

/** The parsed query in FTS5's syntax: phrases quoted, AND / OR / NOT (binary in FTS5: `(positives) NOT (negatives)`). */
export function toFts5(node: QueryNode): string {
  switch (node.type) {
    case 'phrase':
      return `"${node.tokens.join(' ').replace(/"/g, '""')}"${node.prefix ? '*' : ''}`;
    case 'or':
      return `(${node.children.map(toFts5).join(' OR ')})`;
    case 'not':
      return toFts5(node.child);
    case 'and': {
      const positive = node.children.filter((c) => c.type !== 'not').map(toFts5);
      const negative = node.children.filter((c) => c.type === 'not').map(toFts5);
      const p = `(${positive.join(' AND ')})`;
      return negative.length ? `(${p} NOT (${negative.join(' OR ')}))` : p;
    }
  }
}

const PYTHON = path.join(root, 'bench', 'search-fts5.py');

function python(args: string[], stdin?: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('python3', [PYTHON, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`search-fts5.py ${args[0]} exited ${code}`))));
    if (stdin) stdin.pipe(child.stdin);
    else child.stdin.end();
  });
}

/** The same rows into the FTS5 file (streamed from PostgreSQL: COPY TO into the script's stdin). */
export async function loadFts5(url: string, file: string, archive: number) {
  if (Number((await python(['count', file])).trim()) === archive) return null;
  fs.rmSync(file, { force: true });
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const t = performance.now();
    const source = db.query(
      copyTo(`copy (
      select a.id, a.title, a.description, extract(epoch from a.pub_date)::bigint, s.day, a.language, a.reach
        from articles a join article_search s on s.id = a.id and s.pub_date = a.pub_date order by a.id) to stdout`),
    );
    const out = JSON.parse(await python(['load', file], source)) as { rows: number; insert_seconds: number; optimize_seconds: number };
    return { ...out, seconds: (performance.now() - t) / 1000 };
  } finally {
    await db.end();
  }
}

export interface Fts5Result {
  page_ms: number;
  total_ms: number;
  volume_ms: number;
  page_rows: number;
  total: number;
  volume_total: number;
}

export async function runFts5(queries: { fts: string; from_date: string; to_date: string }[], sqliteFile: string): Promise<Fts5Result[]> {
  const file = path.join(os.tmpdir(), `cw_bench_search_fts5_${process.pid}.json`);
  const epoch = (d: string) => Date.parse(`${d}T00:00:00Z`) / 1000;
  fs.writeFileSync(file, JSON.stringify(queries.map((q) => ({ fts: q.fts, from: epoch(q.from_date), to: epoch(q.to_date) + 86400 }))));
  try {
    return JSON.parse(await python(['query', sqliteFile, file]));
  } finally {
    fs.rmSync(file, { force: true });
  }
}
