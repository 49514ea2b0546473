import { randomBytes } from 'node:crypto';
import { eq, isNotNull } from 'drizzle-orm';
import { mediaScoreFromVisitors } from '../../common/media-score.js';
import { canonicalUrl } from '../../common/url.js';
import { articleSearchText, tokenize } from '../../common/query/tokenize.js';
import { parseQuery } from '../../common/query/parse.js';
import { indexDocument, matchesQuery } from '../../common/query/match.js';
import { toTsvectorLiteral } from '../../common/query/postgres.js';
import { urlKey } from '../net/url-key.js';
import { createAlert, insertFeedRows } from '../features/alerts/service.js';
import { saveArchiveArticles } from '../features/articles/service.js';
import { insertArchiveArticles, insertWebsiteAuthors, recountFeedArticles, type NewArchiveArticle } from '../features/crawler/service.js';
import { ensureMediatypes } from '../features/reference/service.js';
import { addWebsiteWithFeed } from '../features/websites/service.js';
import { feedSortValues } from '../db/media-sql.js';
import type { Tx } from '../db/client.js';
import { articles, mediatypes } from '../db/schema/coverage.js';
import { insertReport } from '../features/reports/service.js';
import { tags } from '../db/schema/workspace.js';
import {
  BRAND_HEADLINES,
  DEMO_OUTLETS,
  DEMO_WORDS,
  DESCRIPTIONS,
  EA_OUTLETS,
  GAMES,
  NAMES,
  OTHER_HEADLINES,
  formatDay,
  formatMonth,
  launchDate,
  type DemoOutlet,
  type DemoProduct,
  type HeadlineKind,
  type HeadlineTemplate,
} from './seed-coverage-data.js';

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

function stringHash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function slugify(title: string): string {
  const ascii = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return ascii.slice(0, 70) || 'article';
}

export interface DemoArticle {
  /** Index into DEMO_OUTLETS. */
  outlet: number;
  title: string;
  description: string;
  kind: HeadlineKind;
  product: DemoProduct | null;
  pubDate: Date;
  author: string;
  /** Path of the article on its outlet (section and slug). */
  path: string;
  /** A syndicated copy (issue 32: stories): the index of the article it copies, which another outlet of its language ran first. */
  copyOf?: number;
}

/** Brand news that other outlets of its language run too (a wire piece, a press release): the demo's stories. */
const SYNDICATED_SHARE = 0.45;
const MAX_COPIES = 5;

/**
 * The demo archive, without a database: ARTICLES headlines over the last DAYS days, bigger outlets
 * publishing more, each headline from its outlet's language and — for the demo products — from
 * the templates of its phase (before or after the launch). A headline already printed anywhere,
 * or a second review or preview of the same game by the same outlet, is drawn again.
 */
export function generateDemoArticles(now: Date, outlets: DemoOutlet[] = DEMO_OUTLETS, count = ARTICLES): DemoArticle[] {
  const random = rng(20261121);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  // Bigger outlets publish more: pick by the square root of their audience.
  const weights = outlets.map((o) => Math.sqrt(o.muv));
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const launches = { starfall: launchDate('starfall', now), aria: launchDate('aria', now) };
  const titles = new Set<string>();
  const coveredBy = new Set<string>();
  const out: DemoArticle[] = [];
  for (let i = 0; out.length < count && i < count * 3; i++) {
    let r = random() * totalWeight;
    let k = 0;
    while (r > weights[k] && k < weights.length - 1) r -= weights[k++];
    const outlet = outlets[k];
    const lang = outlet.language;
    // Denser towards today, as a live archive is.
    const ageMinutes = Math.floor(Math.pow(random(), 1.6) * DAYS * 24 * 60);
    const pubDate = new Date(now.getTime() - ageMinutes * 60000);
    const inPhase = (tpl: HeadlineTemplate) => {
      if (!tpl.product || !tpl.phase) return true;
      const launch = launches[tpl.product].getTime();
      if (tpl.phase === 'before') return pubDate.getTime() < launch;
      const days = (pubDate.getTime() - launch) / 86400_000;
      return days >= (tpl.minDaysAfter ?? 0) && (tpl.maxDaysAfter === undefined || days <= tpl.maxDaysAfter);
    };
    const brand = BRAND_HEADLINES[lang].filter(inPhase);
    for (let attempt = 0; attempt < 12; attempt++) {
      const aboutBrand = brand.length > 0 && random() < 0.2;
      const tpl = pick(aboutBrand ? brand : OTHER_HEADLINES[lang]);
      const game = pick(GAMES);
      let game2 = pick(GAMES);
      while (game2 === game) game2 = pick(GAMES);
      const team = pick(NAMES.team);
      let team2 = pick(NAMES.team);
      while (team2 === team) team2 = pick(NAMES.team);
      const month = new Date(Date.UTC(pubDate.getUTCFullYear(), pubDate.getUTCMonth(), 1));
      const values: Record<string, string> = {
        game: game.name,
        game2: game2.name,
        studio: game.studio,
        team,
        team2,
        month: formatMonth(lang, month),
        launch: tpl.product ? formatDay(lang, launches[tpl.product]) : '',
        platform: tpl.text.includes('{game}') && tpl.text.includes('{studio}') ? game.platform : '',
      };
      // A demo product's patches come weekly from its launch on: 1.1, 1.2, …
      if (tpl.product) values.minor = String(1 + Math.max(0, Math.floor(((pubDate.getTime() - launches[tpl.product].getTime()) / 86400_000 - 5) / 7)));
      else values.minor = pick(NAMES.minor);
      const topics = DEMO_WORDS[lang].patchTopic ?? DEMO_WORDS.en.patchTopic;
      values.patchTopic = topics[stringHash(`${tpl.product ?? game.name}|${values.minor}`) % topics.length];
      const filled = tpl.text.replace(/(\b[Aa] )?\{(\w+)\}/g, (whole, article: string | undefined, key: string) => {
        if (key === 'score') return whole;
        const value = values[key] || pick(DEMO_WORDS[lang][key] ?? NAMES[key] ?? DEMO_WORDS.en[key] ?? [key]);
        // English articles agree with the word filled in after them: "an ambitious", "a bold".
        const agreed = article && lang === 'en' && /^[aeiou]/i.test(value) ? `${article.trim()}n ` : (article ?? '');
        return agreed + value;
      });
      // One match, one result: the score follows from the rest of the headline.
      const title = filled.replace('{score}', () => NAMES.score[stringHash(filled) % NAMES.score.length]);
      const subject = tpl.product ?? (tpl.text.includes('{game}') ? game.name : title);
      const once = (tpl.kind === 'review' || tpl.kind === 'preview') && `${k}|${tpl.kind}|${subject}`;
      if (titles.has(title) || (once && coveredBy.has(once))) continue;
      titles.add(title);
      if (once) coveredBy.add(once);
      const descriptions = DESCRIPTIONS[lang][tpl.kind] ?? DESCRIPTIONS[lang].news;
      const section = tpl.kind === 'review' ? 'reviews' : tpl.kind === 'guide' ? 'guides' : 'news';
      out.push({
        outlet: k,
        title,
        kind: tpl.kind,
        product: tpl.product ?? null,
        pubDate,
        // A feed's summary opens with its headline, as many do: two articles never share one.
        description: `${title}. ${pick(descriptions)}`,
        author: pick(outlet.authors),
        path: `/${section}/${slugify(title)}-${1000 + i}`,
      });
      // Brand news runs at other outlets of its language within hours: a story of several copies,
      // some with the outlet's name after the headline as aggregators print it.
      if (tpl.product && tpl.kind === 'news' && random() < SYNDICATED_SHARE) {
        const first = out.length - 1;
        const others = outlets.map((o, j) => j).filter((j) => j !== k && outlets[j].language === lang);
        const copies = Math.min(others.length, 1 + Math.floor(random() * MAX_COPIES));
        for (let c = 0; c < copies && out.length < count; c++) {
          const j = others.splice(Math.floor(random() * others.length), 1)[0];
          const later = new Date(Math.min(now.getTime(), pubDate.getTime() + Math.floor(10 + random() * 600) * 60000));
          out.push({
            outlet: j,
            title: random() < 0.4 ? `${title} - ${outlets[j].name}` : title,
            kind: tpl.kind,
            product: tpl.product,
            pubDate: later,
            description: out[first].description,
            author: pick(outlets[j].authors),
            path: `/news/${slugify(title)}-${1000 + i}-${c + 1}`,
            copyOf: first,
          });
        }
      }
      break;
    }
  }
  return out;
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
    const reach = mediaScoreFromVisitors(o.muv);
    const { websiteId, feedId } = await addWebsiteWithFeed(
      tx,
      {
        domain: o.domain,
        name: o.name,
        // The demo's figures are typed ones (kept as such when a ranking arrives; the website
        // page offers "Use the ranking's score"): a start never reaches the internet to measure them.
        reach,
        reachSource: 'manual',
        muv: o.muv,
        muvSource: 'manual',
        language: o.language,
        mediatypeId: types.get(o.mediatype) ?? null,
        isMetacritic: !!o.metacritic,
        isEa: EA_OUTLETS.has(o.domain),
        geography: o.countries.map(([country, share]) => ({ country_code_iso: country, visits: Math.round(o.muv * share) })),
        categories: o.categories.map(([category, score]) => ({ category, month, score })),
      },
      { feed: o.feed, language: o.language, reach, disabled: true, title: o.name },
      o.twitter,
    );
    outlets.push({ outlet: o, id: websiteId, reach, feedId });
  }

  const rows: NewArchiveArticle[] = [];
  const kinds = new Map<string, HeadlineKind>();
  const authorCounts = new Map<string, { websiteId: number; author: string; n: number }>();
  for (const g of generateDemoArticles(now)) {
    const { outlet, id: websiteId, reach, feedId } = outlets[g.outlet];
    const url = canonicalUrl(`https://www.${outlet.domain}${g.path}`);
    const key = urlKey(url);
    kinds.set(key, g.kind);
    const a = authorCounts.get(`${websiteId}|${g.author}`) ?? { websiteId, author: g.author, n: 0 };
    a.n++;
    authorCounts.set(`${websiteId}|${g.author}`, a);
    rows.push({
      urlKey: key,
      url,
      fullUrl: `${url}?utm_source=rss&utm_medium=feed`,
      title: g.title,
      description: g.description,
      author: g.author,
      language: outlet.language,
      pubDate: g.pubDate,
      firstSeenAt: g.pubDate,
      websiteId,
      feedId,
      reach,
      muv: outlet.muv,
      isMetacritic: !!outlet.metacritic,
      search: toTsvectorLiteral(tokenize(articleSearchText(g.title, g.description))),
    });
  }
  // The archive's owner (crawler) loads the generated rows in bulk (a first start stays fast),
  // grouping the syndicated copies into stories as the ingest does.
  const inserted = await insertArchiveArticles(tx, rows, { stories: true });
  await insertWebsiteAuthors(
    tx,
    [...authorCounts.values()].map((a) => ({ websiteId: a.websiteId, author: a.author, articlesCount: a.n })),
  );
  await recountFeedArticles(tx);

  // One alert per demo project, with every archive match in its feed. Its last_run_at stays
  // empty: no crawl ran, and the feed's header says the articles are seeded demo data.
  const demoAlerts = [
    { projectId: p.launchId, name: 'Starfall mentions', keywords: '+("starfall" "nebula games")', minReach: 0.1 },
    { projectId: p.esportsId, name: 'Nebula Esports', keywords: '+"nebula esports"', minReach: 0.1 },
    { projectId: p.headphonesId, name: 'Lumen Audio', keywords: '+"lumen audio" -"lumen audio careers"', minReach: 0.1 },
  ];
  const docs = inserted.map((a) => ({ a, doc: indexDocument(articleSearchText(a.title, a.description)) }));
  // The feeds show each syndicated copy with its story (a story of one has none).
  const storyOf = new Map(
    (await tx.select({ id: articles.id, storyId: articles.storyId }).from(articles).where(isNotNull(articles.storyId))).map((r) => [r.id, r.storyId]),
  );
  const matchesByProject = new Map<number, typeof inserted>();
  for (const d of demoAlerts) {
    const parsed = parseQuery(d.keywords);
    if (!parsed.ok) throw new Error(`demo alert ${d.name}: ${parsed.error.message}`);
    const matched = docs.filter(({ a, doc }) => a.reach >= d.minReach && matchesQuery(parsed.query, doc)).map(({ a }) => a);
    // Created like any alert (and linked to its project), its feed filled with the matches above.
    const alert = await createAlert(tx, p.orgId, { projectId: d.projectId, name: d.name, keywords: d.keywords, minReach: d.minReach }, { backfill: false });
    await insertFeedRows(
      tx,
      matched.map((a) => ({
        alertId: alert.id,
        articleId: a.id,
        organizationId: p.orgId,
        pubDate: a.pubDate,
        reach: a.reach,
        language: a.language,
        isMetacritic: a.isMetacritic,
        matchedAt: a.pubDate,
        storyId: storyOf.get(a.id) ?? null,
        ...feedSortValues(a),
      })),
    );
    matchesByProject.set(d.projectId, matched);
  }

  // Saved coverage: the launch project's reviews, previews and interviews, filed by tag.
  const launchTags = new Map((await tx.select().from(tags).where(eq(tags.projectId, p.launchId))).map((t) => [t.name, t.id]));
  const tagFor = (urlKey: string) => ({ review: 'Reviews', preview: 'Previews', interview: 'Interviews' })[kinds.get(urlKey) as string] ?? null;
  const saved = (matchesByProject.get(p.launchId) ?? [])
    .map((a) => ({ a, tag: tagFor(a.urlKey) }))
    .filter((x): x is { a: (typeof inserted)[number]; tag: string } => !!x.tag && launchTags.has(x.tag))
    .slice(0, 40);
  await saveArchiveArticles(
    tx,
    p.orgId,
    saved.map(({ a, tag }) => ({
      projectId: p.launchId,
      tagId: launchTags.get(tag)!,
      articleId: a.id,
      urlKey: a.urlKey,
      url: a.url,
      fullUrl: a.fullUrl,
      title: a.title,
      description: a.description,
      language: a.language,
      reach: a.reach,
      date: a.pubDate,
      websiteId: a.websiteId,
      muv: a.muv,
      isMetacritic: a.isMetacritic,
    })),
  );
  // A published report over the launch project's saved coverage (no highlights: their pictures
  // would be taken from the real outlets, and the demo never reaches the internet on its own).
  if (saved.length) {
    const dates = saved.map(({ a }) => a.pubDate.getTime());
    await insertReport(tx, p.orgId, {
      id: randomBytes(16).toString('base64url'),
      projectId: p.launchId,
      name: 'Starfall launch: the coverage so far',
      // Said from the saved coverage itself, so the text never claims what the report lacks.
      descriptionHtml: `<p>Reviews, previews and interviews saved since the announcement: <strong>${saved.length} articles</strong> from ${new Set(saved.map(({ a }) => a.websiteId)).size} outlets in ${new Set(saved.map(({ a }) => a.language)).size} languages.</p>`,
      dateStart: new Date(Math.min(...dates)),
      dateEnd: now,
      totalArticles: saved.length,
      totalReach: Math.round(saved.reduce((sum, { a }) => sum + a.reach, 0) * 10) / 10,
    });
  }
  return { websites: outlets.length, articles: inserted.length, saved: saved.length };
}
