import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers/app.js';
import { bootstrap } from './seed.js';
import { generateDemoArticles, type DemoArticle } from './seed-coverage.js';
import { DEMO_LANGUAGES, DEMO_OUTLETS, DEMO_PRODUCTS, formatDay, formatMonth, launchDate, type DemoLanguage, type DemoProduct } from './seed-coverage-data.js';

/**
 * The demo workspace is what a new user judges the product by: its headlines must read as real
 * coverage. These are the rules, checked on the generated archive.
 */
const now = new Date('2026-11-23T18:30:00Z');
const archive = generateDemoArticles(now);
const langOf = (a: DemoArticle) => DEMO_OUTLETS[a.outlet].language;

/** Every month name of a language, as Intl writes it alone and inside a date ("März", "14. März"). */
function monthNames(lang: DemoLanguage): Set<string> {
  const names = new Set<string>();
  for (let m = 0; m < 12; m++) {
    const d = new Date(Date.UTC(2026, m, 14));
    names.add(formatMonth(lang, d).toLowerCase());
    const inDate = new Intl.DateTimeFormat(lang, { month: 'long', day: 'numeric', timeZone: 'UTC' }).formatToParts(d).find((p) => p.type === 'month')!.value;
    if (/^\p{L}+$/u.test(inDate)) names.add(inDate.toLowerCase()); // ja gives the number alone
  }
  return names;
}
const MONTHS = new Map(DEMO_LANGUAGES.map((l) => [l, monthNames(l)]));
const mentions = (title: string, name: string) => new RegExp(`(?<![\\p{L}\\p{N}])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'iu').test(title);

describe('the demo archive', () => {
  it('has the volume and the names the journeys rely on, the same on every run', () => {
    expect(archive).toHaveLength(3000);
    expect(generateDemoArticles(now).map((a) => a.title)).toEqual(archive.map((a) => a.title));
    const count = (re: RegExp) => archive.filter((a) => re.test(a.title)).length;
    expect(count(/Starfall/)).toBeGreaterThan(100);
    expect(count(/Lumen Audio/)).toBeGreaterThan(20);
    expect(count(/Nebula Esports/)).toBeGreaterThan(20);
    expect(count(/Nebula Games/)).toBeGreaterThan(10);
    expect(new Set(archive.map(langOf))).toEqual(new Set(DEMO_LANGUAGES));
    expect(archive.filter((a) => /[{}]/.test(a.title))).toEqual([]);
  });

  it('agrees English articles with the word after them ("an ambitious", "a bold")', () => {
    const english = archive.filter((a) => langOf(a) === 'en').map((a) => a.title);
    expect(english.filter((t) => /\ba (?:ambitious|uneven|amazing|impressive|excellent|odd)\b/i.test(t))).toEqual([]);
    expect(english.some((t) => /\ban ambitious\b/.test(t))).toBe(true);
  });

  it('prints no headline twice, in one outlet or across outlets, but for syndicated brand news at other outlets of its language', () => {
    const outletsByTitle = new Map<string, string[]>();
    for (const a of archive.filter((x) => x.copyOf === undefined))
      outletsByTitle.set(a.title, [...(outletsByTitle.get(a.title) ?? []), DEMO_OUTLETS[a.outlet].domain]);
    expect([...outletsByTitle].filter(([, outlets]) => outlets.length > 1)).toEqual([]);
    const copies = archive.filter((x) => x.copyOf !== undefined);
    expect(copies.length).toBeGreaterThan(20);
    for (const c of copies) {
      const first = archive[c.copyOf!];
      expect(c.title.startsWith(first.title)).toBe(true);
      expect([c.outlet !== first.outlet, langOf(c) === langOf(first), c.pubDate >= first.pubDate]).toEqual([true, true, true]);
    }
  });

  it('writes every month in the language of the headline', () => {
    const wrong: string[] = [];
    for (const a of archive) {
      const own = MONTHS.get(langOf(a))!;
      for (const [lang, names] of MONTHS) {
        if (lang === langOf(a)) continue;
        for (const name of names) if (!own.has(name) && mentions(a.title, name)) wrong.push(`${langOf(a)} headline with ${lang} "${name}": ${a.title}`);
      }
    }
    expect(wrong).toEqual([]);
    // Not vacuous: headlines in several languages do name months.
    const withMonth = archive.filter((a) => [...MONTHS.get(langOf(a))!].some((n) => mentions(a.title, n)));
    expect(new Set(withMonth.map(langOf)).size).toBeGreaterThanOrEqual(5);
  });

  it('gives each product one launch date, announced before it and reviewed after it', () => {
    for (const product of Object.keys(DEMO_PRODUCTS) as DemoProduct[]) {
      const launch = launchDate(product, now);
      const about = archive.filter((a) => a.product === product);
      expect(about.length).toBeGreaterThan(0);
      const dated = about.filter((a) => [...MONTHS.get(langOf(a))!].some((n) => mentions(a.title, n)));
      expect(dated.length).toBeGreaterThan(0);
      // Every headline about it that names a month names its launch day, and comes before it.
      expect(dated.filter((a) => !a.title.includes(formatDay(langOf(a), launch)))).toEqual([]);
      expect(dated.filter((a) => a.pubDate >= launch)).toEqual([]);
      const reviews = about.filter((a) => a.kind === 'review');
      expect(reviews.length).toBeGreaterThan(0);
      expect(reviews.filter((a) => a.pubDate < launch)).toEqual([]);
    }
    // First-week figures are news of the second week, not of the sixth.
    const firstWeek = archive.filter((a) => a.title.includes('in its first week'));
    expect(firstWeek.length).toBeGreaterThan(0);
    const starfallLaunch = launchDate('starfall', now).getTime();
    expect(firstWeek.filter((a) => (a.pubDate.getTime() - starfallLaunch) / 86400_000 > 12)).toEqual([]);
    // And no other headline dates Starfall differently.
    const starfallDated = archive.filter((a) => /Starfall/.test(a.title) && [...MONTHS.get(langOf(a))!].some((n) => mentions(a.title, n)));
    expect(starfallDated.filter((a) => !a.title.includes(formatDay(langOf(a), launchDate('starfall', now))))).toEqual([]);
  });

  it('gives a patch one content, and numbers the patches of a product in order', () => {
    // Originals: a syndicated copy may carry its outlet's name after the headline.
    const notes = archive
      .filter((a) => a.copyOf === undefined)
      .map((a) => /^(.*) patch (1\.\d+) notes: (.*)$/.exec(a.title))
      .filter((m) => m !== null);
    expect(notes.length).toBeGreaterThan(20);
    const contentOf = new Map<string, Set<string>>();
    for (const [, subject, version, content] of notes)
      contentOf.set(`${subject} ${version}`, (contentOf.get(`${subject} ${version}`) ?? new Set()).add(content));
    expect([...contentOf].filter(([, contents]) => contents.size > 1)).toEqual([]);
    const starfall = archive
      .filter((a) => a.product === 'starfall' && a.title.startsWith('Starfall patch'))
      .sort((a, b) => a.pubDate.getTime() - b.pubDate.getTime())
      .map((a) => Number(/1\.(\d+)/.exec(a.title)![1]));
    expect(starfall.length).toBeGreaterThan(2);
    expect(starfall).toEqual([...starfall].sort((a, b) => a - b));
  });

  it('has one review of a game per outlet', () => {
    const seen = new Map<string, number>();
    for (const a of archive.filter((x) => x.kind === 'review')) {
      const subject =
        a.product ??
        a.title
          .split(/ review|, la recensione| im Test| ?:|：/)[0]
          .replace(/^(Test de |Análisis de |Análise de |「)/, '')
          .replace(/」$/, '');
      const key = `${a.outlet}|${subject}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    expect([...seen].filter(([, n]) => n > 1)).toEqual([]);
  });
});

describe('the seeded demo workspace', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ SEED_DEMO: 'true', ADMIN_PASSWORD: 'demo-admin-pw-1' });
  });
  afterAll(() => ctx?.close());

  it('seeds the archive and the alerts without claiming that a crawl ran', { timeout: 60000 }, async () => {
    const result = await bootstrap(ctx.deps.db, ctx.config);
    expect(result.seededDemo).toBe(true);
    const rows = async (q: ReturnType<typeof sql>) => (await ctx.deps.db.execute(q)).rows as Record<string, unknown>[];
    expect(await rows(sql`select count(*)::int as n from articles`)).toEqual([{ n: 3000 }]);
    // The syndicated brand news is grouped into stories, in the archive and in the feeds.
    const [stories] = await rows(sql`select count(distinct story_id)::int as stories, count(story_id)::int as copies from articles`);
    expect(Number(stories.stories)).toBeGreaterThan(10);
    expect(Number(stories.copies)).toBeGreaterThan(Number(stories.stories) * 2 - 1);
    const [feed] = await rows(sql`select count(*)::int as n from alert_articles where story_id is not null`);
    expect(Number(feed.n)).toBeGreaterThan(20);
    const alerts = await rows(
      sql`select a.name, a.last_run_at, (select count(*)::int from alert_articles aa where aa.alert_id = a.id) as matches from alerts a order by a.name`,
    );
    expect(alerts.map((a) => a.name)).toEqual(['Lumen Audio', 'Nebula Esports', 'Starfall mentions']);
    for (const a of alerts) {
      expect(a.last_run_at).toBeNull();
      expect(a.matches).toBeGreaterThan(0);
    }
    // The feeds stay disabled (the demo never reaches the internet on its own).
    expect(await rows(sql`select bool_and(disabled) as all_disabled from feeds`)).toEqual([{ all_disabled: true }]);
    // Saved coverage is filed under the tag of its kind.
    const saved = await rows(sql`select t.name as tag, s.title from saved_articles s join tags t on t.id = s.tag_id`);
    expect(saved.length).toBeGreaterThan(0);
    for (const s of saved.filter((x) => x.tag === 'Reviews')) expect(s.title).toMatch(/review|Test|Análisis|recensione|Análise|レビュー|verdict/i);
    // The published report describes what it holds.
    const [report] = await rows(sql`select description_html, total_articles from reports`);
    expect(report.description_html).toContain(`${saved.length} articles`);
    expect(report.total_articles).toBe(saved.length);
  });
});
