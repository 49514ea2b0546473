import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { mediaScoreFromTraffic } from '../../common/media-score.js';
import { canonicalUrl } from '../../common/url.js';
import { articleSearchText, tokenize } from '../../common/query/tokenize.js';
import { parseQuery } from '../../common/query/parse.js';
import { indexDocument, matchesQuery } from '../../common/query/match.js';
import { toTsvectorLiteral } from '../../common/query/postgres.js';
import { urlKey } from '../net/url-key.js';
import { ensureMediatypes } from '../features/reference/mediatypes.js';
import { feedSortValues } from '../features/articles-feed/sort-columns.js';
import type { Tx } from './client.js';
import { alertArticles, alerts, articles, feeds, mediatypes, savedArticles, websiteAuthors, websites, websiteSocialAccounts } from './schema/coverage.js';
import { reports } from './schema/reports.js';
import { projects, tags } from './schema/workspace.js';
import { BRAND_HEADLINES, DEMO_OUTLETS, EA_OUTLETS, DESCRIPTIONS, FILL, OTHER_HEADLINES, type DemoOutlet } from './seed-coverage-data.js';

const ARTICLES = 3000;
const DAYS = 120;

/** A seeded generator (mulberry32): the demo archive is the same on every machine. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function slugify(title: string): string {
  const ascii = title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return ascii.slice(0, 70) || 'article';
}

interface DemoProjects {
  orgId: number;
  launchId: number;
  esportsId: number;
  headphonesId: number;
}

/**
 * The demo's coverage: outlets and their feeds (seeded disabled — the demo must not reach the
 * internet on its own; the operator enables them on the Websites page), a generated archive of
 * articles, an alert per demo project with its matches, and saved coverage under the tags.
 */
export async function seedDemoCoverage(tx: Tx, p: DemoProjects, now = new Date()) {
  await ensureMediatypes(tx);
  const types = new Map((await tx.select().from(mediatypes)).map((m) => [m.name, m.id]));
  const month = now.toISOString().slice(0, 7);
  const outlets: { outlet: DemoOutlet; id: number; reach: number; feedId: number }[] = [];
  for (const o of DEMO_OUTLETS) {
    const reach = mediaScoreFromTraffic({ muv: o.muv });
    const [w] = await tx
      .insert(websites)
      .values({
        domain: o.domain,
        name: o.name,
        reach,
        muv: o.muv,
        language: o.language,
        mediatypeId: types.get(o.mediatype) ?? null,
        isMetacritic: !!o.metacritic,
        isEa: EA_OUTLETS.has(o.domain),
        geography: o.countries.map(([country, share]) => ({ country_code_iso: country, visits: Math.round(o.muv * share) })),
        categories: o.categories.map(([category, score]) => ({ category, month, score })),
      })
      .returning({ id: websites.id });
    const [f] = await tx
      .insert(feeds)
      .values({ websiteId: w.id, feed: o.feed, language: o.language, reach, disabled: true, title: o.name })
      .returning({ id: feeds.id });
    if (o.twitter) await tx.insert(websiteSocialAccounts).values({ websiteId: w.id, network: 'twitter', username: o.twitter });
    outlets.push({ outlet: o, id: w.id, reach, feedId: f.id });
  }

  // Bigger outlets publish more: pick by the square root of their audience.
  const weights = outlets.map((o) => Math.sqrt(o.outlet.muv));
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const random = rng(20261121);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  const fill = (template: string) => template.replace(/\{(\w+)\}/g, (_, k: string) => pick(FILL[k] ?? [k]));
  const rows: (typeof articles.$inferInsert)[] = [];
  const authorCounts = new Map<string, { websiteId: number; author: string; n: number }>();
  const seen = new Set<string>();
  for (let i = 0; rows.length < ARTICLES && i < ARTICLES * 2; i++) {
    let r = random() * totalWeight;
    let k = 0;
    while (r > weights[k] && k < weights.length - 1) r -= weights[k++];
    const { outlet, id: websiteId, reach, feedId } = outlets[k];
    const lang = outlet.language;
    const aboutBrand = random() < 0.14;
    const templates = (aboutBrand ? BRAND_HEADLINES : OTHER_HEADLINES)[lang] ?? OTHER_HEADLINES.en;
    const title = fill(pick(templates));
    const description = pick(DESCRIPTIONS[lang] ?? DESCRIPTIONS.en);
    // Denser towards today, as a live archive is.
    const ageMinutes = Math.floor(Math.pow(random(), 1.6) * DAYS * 24 * 60);
    const pubDate = new Date(now.getTime() - ageMinutes * 60000);
    const section = aboutBrand && /\breview|\btest\b|análisis|recensione|análise/i.test(title) ? 'reviews' : 'news';
    const url = canonicalUrl(`https://www.${outlet.domain}/${section}/${slugify(title)}-${1000 + i}`);
    const key = urlKey(url);
    if (seen.has(key)) continue;
    seen.add(key);
    const author = pick(outlet.authors);
    const a = authorCounts.get(`${websiteId}|${author}`) ?? { websiteId, author, n: 0 };
    a.n++;
    authorCounts.set(`${websiteId}|${author}`, a);
    rows.push({
      urlKey: key,
      url,
      fullUrl: `${url}?utm_source=rss&utm_medium=feed`,
      title,
      description,
      author,
      language: lang,
      pubDate,
      firstSeenAt: pubDate,
      websiteId,
      feedId,
      reach,
      muv: outlet.muv,
      isMetacritic: !!outlet.metacritic,
      search: toTsvectorLiteral(tokenize(articleSearchText(title, description))),
    });
  }
  const inserted: { id: number; title: string; description: string; pubDate: Date; reach: number; language: string; isMetacritic: boolean; url: string; urlKey: string; fullUrl: string; websiteId: number | null; muv: number | null }[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    inserted.push(
      ...(await tx.insert(articles).values(rows.slice(i, i + 500)).returning({
        id: articles.id, title: articles.title, description: articles.description, pubDate: articles.pubDate, reach: articles.reach,
        language: articles.language, isMetacritic: articles.isMetacritic, url: articles.url, urlKey: articles.urlKey,
        fullUrl: articles.fullUrl, websiteId: articles.websiteId, muv: articles.muv,
      })),
    );
  }
  if (authorCounts.size)
    await tx.insert(websiteAuthors).values([...authorCounts.values()].map((a) => ({ websiteId: a.websiteId, author: a.author, articlesCount: a.n })));
  await tx.update(feeds).set({ articlesAdded: sql`(select count(*) from articles where articles.feed_id = feeds.id)` });

  // One alert per demo project, with every archive match in its feed.
  const demoAlerts = [
    { projectId: p.launchId, name: 'Starfall mentions', keywords: '+("starfall" "nebula games")', minReach: 0.1 },
    { projectId: p.esportsId, name: 'Nebula Esports', keywords: '+"nebula esports"', minReach: 0.1 },
    { projectId: p.headphonesId, name: 'Lumen Audio', keywords: '+"lumen audio" -"lumen audio careers"', minReach: 0.1 },
  ];
  const docs = inserted.map((a) => ({ a, doc: indexDocument(articleSearchText(a.title, a.description)) }));
  const matchesByProject = new Map<number, typeof inserted>();
  for (const d of demoAlerts) {
    const parsed = parseQuery(d.keywords);
    if (!parsed.ok) throw new Error(`demo alert ${d.name}: ${parsed.error.message}`);
    const matched = docs.filter(({ a, doc }) => a.reach >= d.minReach && matchesQuery(parsed.query, doc)).map(({ a }) => a);
    const [alert] = await tx
      .insert(alerts)
      .values({ organizationId: p.orgId, projectId: d.projectId, name: d.name, keywords: d.keywords, minReach: d.minReach, lastRunAt: now })
      .returning({ id: alerts.id });
    await tx.update(projects).set({ alertId: alert.id }).where(eq(projects.id, d.projectId));
    if (matched.length)
      await tx.insert(alertArticles).values(
        matched.map((a) => ({
          alertId: alert.id, articleId: a.id, organizationId: p.orgId, pubDate: a.pubDate, reach: a.reach, language: a.language,
          isMetacritic: a.isMetacritic, matchedAt: a.pubDate, ...feedSortValues(a.id),
        })),
      );
    matchesByProject.set(d.projectId, matched);
  }

  // Saved coverage: the launch project's reviews, previews and interviews, filed by tag.
  const launchTags = new Map((await tx.select().from(tags).where(eq(tags.projectId, p.launchId))).map((t) => [t.name, t.id]));
  // Previews first: "preview" contains "review".
  const tagFor = (title: string) =>
    /preview|hands-on|trailer|プレイレポート/i.test(title) ? 'Previews'
      : /\breview|\btest\b|análisis|recensione|análise|verdict/i.test(title) ? 'Reviews'
        : /on building|director|talks/i.test(title) ? 'Interviews' : null;
  const saved = (matchesByProject.get(p.launchId) ?? [])
    .map((a) => ({ a, tag: tagFor(a.title) }))
    .filter((x): x is { a: (typeof inserted)[number]; tag: string } => !!x.tag && launchTags.has(x.tag))
    .slice(0, 40);
  if (saved.length)
    await tx.insert(savedArticles).values(
      saved.map(({ a, tag }) => ({
        organizationId: p.orgId, projectId: p.launchId, tagId: launchTags.get(tag)!, articleId: a.id, urlKey: a.urlKey, url: a.url,
        fullUrl: a.fullUrl, title: a.title, description: a.description, language: a.language, reach: a.reach, date: a.pubDate,
        websiteId: a.websiteId, muv: a.muv, isMetacritic: a.isMetacritic,
      })),
    );
  // A published report over the launch project's saved coverage (no highlights: their pictures
  // would be taken from the real outlets, and the demo never reaches the internet on its own).
  if (saved.length) {
    const dates = saved.map(({ a }) => a.pubDate.getTime());
    await tx.insert(reports).values({
      id: randomBytes(16).toString('base64url'),
      organizationId: p.orgId,
      projectId: p.launchId,
      name: 'Starfall launch: the coverage so far',
      descriptionHtml:
        '<p>Reviews, previews and interviews saved since the announcement. <strong>Reviews</strong> lead on reach; the German and Spanish press picked the story up within days.</p>',
      dateStart: new Date(Math.min(...dates)),
      dateEnd: now,
      totalArticles: saved.length,
      totalReach: Math.round(saved.reduce((sum, { a }) => sum + a.reach, 0) * 10) / 10,
    });
  }
  return { websites: outlets.length, articles: inserted.length, saved: saved.length };
}
