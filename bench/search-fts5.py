#!/usr/bin/env python3
"""The embedded-engine peer of bench/search.ts: the same archive and queries on SQLite FTS5.

  search-fts5.py load  DB   reads the archive as tab-separated lines on stdin
                            (id, title, description, pub_date as epoch seconds, day, language, reach)
                            into one FTS5 table, then merges its segments (optimize)
  search-fts5.py count DB   prints the table's row count (0 when the file has no table)
  search-fts5.py query DB QUERIES.json
                            times the screen's three answers per query and prints JSON

One FTS5 table (`unicode61 remove_diacritics 2`): title and description are indexed, the date,
day, language and reach are UNINDEXED columns of the same rows, and the rowid is the article id.
FTS5 has no secondary index on an UNINDEXED column, so a date range is a filter on each match's
row (the full-text index yields the matches, their stored rows give the date): the row-per-match
design the issue compares against. Queries run on one connection, one after another.
"""
import json
import sqlite3
import sys
import time

TABLE = """create virtual table if not exists docs using fts5(
  title, description, pub unindexed, day unindexed, language unindexed, reach unindexed,
  tokenize = 'unicode61 remove_diacritics 2')"""


def connect(path):
    db = sqlite3.connect(path)
    db.execute('pragma journal_mode = off')
    db.execute('pragma synchronous = off')
    # As much page cache as PostgreSQL's side gets from the OS cache: 1 GB.
    db.execute('pragma cache_size = -1000000')
    db.execute('pragma mmap_size = 17179869184')
    return db


def load(path):
    db = connect(path)
    db.execute(TABLE)
    # Bigger in-memory segments before a flush: fewer merges during the load.
    db.execute("insert into docs(docs, rank) values('automerge', 8)")
    db.execute("insert into docs(docs, rank) values('crisismerge', 64)")
    t0 = time.time()
    n = 0
    batch = []
    for line in sys.stdin:
        f = line.rstrip('\n').split('\t')
        batch.append((int(f[0]), f[1], f[2], int(f[3]), f[4], f[5], float(f[6])))
        if len(batch) == 20000:
            db.executemany('insert into docs(rowid, title, description, pub, day, language, reach) values (?,?,?,?,?,?,?)', batch)
            db.commit()
            n += len(batch)
            batch = []
            if n % 1000000 == 0:
                print(f'  fts5: {n:,} rows, {time.time() - t0:.0f} s', file=sys.stderr, flush=True)
    if batch:
        db.executemany('insert into docs(rowid, title, description, pub, day, language, reach) values (?,?,?,?,?,?,?)', batch)
        n += len(batch)
    db.commit()
    t1 = time.time()
    db.execute("insert into docs(docs) values('optimize')")
    db.commit()
    print(json.dumps({'rows': n, 'insert_seconds': t1 - t0, 'optimize_seconds': time.time() - t1}))


def count(path):
    db = connect(path)
    try:
        print(db.execute('select count(*) from docs').fetchone()[0])
    except sqlite3.OperationalError:
        print(0)


PAGE = 'select rowid, pub from docs where docs match ? and pub >= ? and pub < ? order by pub desc, rowid desc limit 26'
TOTAL = 'select count(*) from docs where docs match ? and pub >= ? and pub < ?'
VOLUME = 'select day, count(*) from docs where docs match ? and pub >= ? and pub < ? group by day'


def run(db, q):
    args = (q['fts'], q['from'], q['to'])
    t0 = time.perf_counter()
    page = db.execute(PAGE, args).fetchall()
    t1 = time.perf_counter()
    total = db.execute(TOTAL, args).fetchone()[0]
    t2 = time.perf_counter()
    days = db.execute(VOLUME, args).fetchall()
    t3 = time.perf_counter()
    return {
        'page_ms': (t1 - t0) * 1000, 'total_ms': (t2 - t1) * 1000, 'volume_ms': (t3 - t2) * 1000,
        'page_rows': len(page), 'total': total, 'volume_total': sum(c for _, c in days),
    }


def query(path, queries_file):
    db = connect(path)
    with open(queries_file) as f:
        queries = json.load(f)
    # Warm: the whole set once (pages into the cache), then the measured pass.
    for q in queries:
        run(db, q)
    print(json.dumps([run(db, q) for q in queries]))


if __name__ == '__main__':
    cmd = sys.argv[1]
    if cmd == 'load':
        load(sys.argv[2])
    elif cmd == 'count':
        count(sys.argv[2])
    elif cmd == 'query':
        query(sys.argv[2], sys.argv[3])
    else:
        sys.exit(f'unknown command {cmd}')
