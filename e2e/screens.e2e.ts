import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { root } from '../bench/lib.js';
import { ADMIN, loginAs, startJourney, type Journey } from './harness.js';

// Each test walks every screen of the app (17 and counting) in one browser page: a time for the walk, not for one screen.
vi.setConfig({ testTimeout: 300_000 });

/**
 * Screens that fit: every main screen of the demo workspace at 1440, 1280 and 390 px wide, in
 * light and dark, and three in RTL, saved under e2e/screenshots/screens-*.png for a person to
 * look at. On wide screens no table (nor the page) scrolls sideways; on a phone every table row
 * still shows its headline inside the screen.
 */
let j: Journey;
let token = '';
let projectId = '';
let reportId = '';
let website = '';
let esportsId = '';

interface Screen {
  name: string;
  path: () => string;
  /** Brings the screen to the state worth a picture (e.g. runs a search). */
  prepare?: (page: Page) => Promise<void>;
  /** The screen shows at least one data table. */
  table: boolean;
}

const SCREENS: Screen[] = [
  { name: 'overview', path: () => `/overview/${projectId}`, table: false },
  { name: 'articles-feed', path: () => `/articles-feed/${projectId}`, table: true },
  { name: 'saved-articles', path: () => `/articles/${projectId}`, table: true },
  // The demo's YouTube feed is Starfall Launch's, its Twitch feed Nebula Esports'.
  { name: 'youtube-feed', path: () => `/youtube-feed/${projectId}`, table: true },
  { name: 'saved-videos', path: () => `/videos/${projectId}`, table: true },
  { name: 'twitch-feed', path: () => `/twitch-feed/${esportsId}`, table: true },
  { name: 'saved-streams', path: () => `/streams/${esportsId}`, table: true },
  { name: 'creators', path: () => `/creators/${esportsId}`, table: true },
  {
    name: 'supersearch',
    path: () => `/supersearch/${projectId}`,
    table: true,
    prepare: async (page) => {
      const terms = page.getByRole('combobox', { name: 'All of these' });
      await terms.fill('Starfall');
      await terms.press('Enter');
      await page.getByTestId('results-total').waitFor();
    },
  },
  { name: 'reports', path: () => `/reports/${projectId}`, table: true },
  { name: 'report', path: () => `/reports/${projectId}/${reportId}`, table: true },
  { name: 'projects', path: () => `/projects/${projectId}`, table: true },
  { name: 'brands', path: () => `/brands/${projectId}`, table: true },
  { name: 'tags', path: () => `/tags/${projectId}`, table: true },
  { name: 'websites', path: () => '/websites', table: true },
  { name: 'website', path: () => `/websites/${encodeURIComponent(website)}`, table: true },
  { name: 'organization', path: () => `/organization-details/${projectId}`, table: true },
  { name: 'settings', path: () => '/settings', table: false },
];
/** The pages a visitor without a session meets: the way in, and the report a studio shares. */
const PUBLIC_PAGES: { name: string; path: () => string }[] = [
  { name: 'welcome', path: () => '/welcome' },
  { name: 'login', path: () => '/login' },
  { name: 'signup', path: () => '/signup' },
  { name: 'forgot-password', path: () => '/forgot-password' },
  { name: 'public-report', path: () => `/p/r/${reportId}` },
  { name: 'public-404', path: () => '/p/404' },
];
const RTL_SCREENS = ['articles-feed', 'report', 'supersearch'];

/** The whole page, not only the first screenful: tables and charts sit below the fold. */
async function shot(name: string) {
  const dir = path.join(root, 'e2e', 'screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await j.page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

async function api(url: string) {
  const res = await fetch(`${j.server.url}${url}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok, `GET ${url}: ${res.status}`).toBe(true);
  return (await res.json()).data;
}

/** Opens a screen and waits until its data is drawn (no skeleton rows or loaders left). */
async function open(page: Page, screen: Screen) {
  await page.goto(`${j.server.url}${screen.path()}`);
  await page.locator('main').first().waitFor();
  if (screen.prepare) await screen.prepare(page);
  if (screen.table) await page.locator('main table tbody tr:not([data-testid="loading-row"])').first().waitFor({ state: 'attached' });
  await page.waitForFunction(
    () => !document.querySelector('[data-testid="loading-row"], .mantine-Loader-root, main .mantine-Skeleton-root[data-visible]'),
    null,
    {
      timeout: 15000,
    },
  );
  // Fonts, charts' first frame and transitions settle.
  await page.evaluate(() => document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))));
  await page.waitForTimeout(400);
}

/** Every visible table (and each of its scrolling ancestors) that is wider than its box, and the page itself. */
function overflowing(page: Page) {
  return page.evaluate(() => {
    const out: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth + 1) out.push(`page ${doc.scrollWidth} > ${doc.clientWidth}`);
    for (const table of Array.from(document.querySelectorAll('table'))) {
      // Tables for screen readers only (the charts' data) are clipped to a pixel.
      if (table.closest('.mantine-VisuallyHidden-root') || (table.parentElement?.getBoundingClientRect().width ?? 0) < 2) continue;
      const name = table.getAttribute('aria-label') ?? table.querySelector('th')?.textContent ?? 'table';
      if (table.scrollWidth > table.clientWidth + 1) out.push(`${name}: table ${table.scrollWidth} > ${table.clientWidth}`);
      for (let el = table.parentElement; el && el !== document.body; el = el.parentElement) {
        const ox = getComputedStyle(el).overflowX;
        if ((ox === 'auto' || ox === 'scroll' || ox === 'hidden') && el.scrollWidth > el.clientWidth + 1)
          out.push(`${name}: ${el.className || el.tagName} ${el.scrollWidth} > ${el.clientWidth}`);
      }
    }
    return out;
  });
}

/** Rows of visible tables whose headline cell is missing or not wholly inside the screen's width. */
function hiddenHeadlines(page: Page) {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const table of Array.from(document.querySelectorAll('main table'))) {
      if (table.closest('.mantine-VisuallyHidden-root')) continue; // the charts' numbers for screen readers
      for (const row of Array.from(table.querySelectorAll('tbody tr'))) {
        if (row.querySelector('td[colspan]')) continue; // the empty state
        const cell = row.querySelector('td[data-primary]');
        if (!cell) {
          out.push(`a row without a headline cell: ${(row.textContent ?? '').slice(0, 60)}`);
          continue;
        }
        const r = cell.getBoundingClientRect();
        if (r.width < 40 || r.height < 8 || r.left < -1 || r.right > window.innerWidth + 1 || getComputedStyle(cell).visibility === 'hidden')
          out.push(`headline off-screen (${Math.round(r.left)}…${Math.round(r.right)} of ${window.innerWidth}): ${(cell.textContent ?? '').slice(0, 60)}`);
      }
    }
    return out;
  });
}

/** Pairs of texts drawn over each other in the report's trend chart (its legend: "Articles", "Media score (cumulative)"). */
function chartTextOverlaps(page: Page) {
  return page.evaluate(() => {
    const texts = Array.from(document.querySelectorAll('[data-testid="trend-chart"] [role="img"] svg text')).filter((t) =>
      /[A-Za-z]{3}/.test(t.textContent ?? ''),
    );
    const boxes = texts.map((t) => ({ text: t.textContent ?? '', r: t.getBoundingClientRect() }));
    const out: string[] = [];
    boxes.forEach((a, i) =>
      boxes.slice(i + 1).forEach((b) => {
        const overlap = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left) > 1 && Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top) > 1;
        if (overlap) out.push(`"${a.text}" over "${b.text}"`);
      }),
    );
    return { count: texts.length, overlaps: out };
  });
}

/**
 * WCAG 2.0/2.1 A and AA violations that axe-core rates serious or critical on the open page,
 * one line per element ("screen: rule-id selector — what is wrong").
 */
async function axeProblems(page: Page, name: string) {
  const describe = (v: AxeViolation) =>
    v.nodes.map((n) => `${name}: ${v.id} ${n.target.join(' ')} — ${(n.failureSummary ?? v.help).replace(/\s+/g, ' ').slice(0, 200)}`);
  const wcag = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  // The page's outline, which axe files under best practice: one h1, no skipped level, each
  // landmark once or named, every table header with a name.
  const outline = await new AxeBuilder({ page }).withRules(OUTLINE_RULES).analyze();
  return [...wcag.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'), ...outline.violations].flatMap(describe);
}
type AxeViolation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];
const OUTLINE_RULES = [
  'page-has-heading-one',
  'heading-order',
  'landmark-unique',
  'landmark-no-duplicate-main',
  'landmark-one-main',
  'empty-table-header',
  'empty-heading',
];

async function setLook(page: Page, look: { dark: boolean; rtl: boolean }) {
  await page.evaluate(({ dark, rtl }) => {
    localStorage.setItem('coverwatch.color-scheme', dark ? 'dark' : 'light');
    const ui = JSON.parse(localStorage.getItem('coverwatch.ui') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('coverwatch.ui', JSON.stringify({ ...ui, rtl }));
  }, look);
}

beforeAll(async () => {
  j = await startJourney();
  await loginAs(j.page, j.server.url, ADMIN.email, ADMIN.password);
  token = (await j.page.evaluate(() => localStorage.getItem('coverwatch.token')))!;
  const projects = (await api('/api/projects?page[size]=100')) as { id: string; attributes: { name: string } }[];
  projectId = projects.find((p) => p.attributes.name === 'Starfall Launch')!.id;
  esportsId = projects.find((p) => p.attributes.name === 'Nebula Esports')!.id;
  const reports = (await api(`/api/reports?filter[project_id]=${projectId}`)) as { id: string }[];
  reportId = reports[0]!.id;
  const websites = (await api('/api/websites?page[size]=1')) as { id: string; attributes: { url?: string; domain?: string } }[];
  website = websites[0]!.attributes.domain ?? websites[0]!.id;
}, 180000);

afterAll(async () => {
  await j?.close();
});

describe('screens that fit', () => {
  for (const dark of [false, true]) {
    const scheme = dark ? 'dark' : 'light';
    for (const width of [1440, 1280]) {
      it(`fits ${width} px in ${scheme}: no table scrolls sideways`, async () => {
        const page = j.page;
        await page.setViewportSize({ width, height: 900 });
        await setLook(page, { dark, rtl: false });
        const problems: string[] = [];
        for (const screen of SCREENS) {
          await open(page, screen);
          await shot(`screens-${screen.name}-${width}-${scheme}`);
          problems.push(...(await overflowing(page)).map((p) => `${screen.name}: ${p}`));
          if (screen.name === 'report') problems.push(...(await chartTextOverlaps(page)).overlaps);
        }
        expect(problems).toEqual([]);
      });
    }
    it(`shows every headline at 390 px in ${scheme}`, async () => {
      const page = j.page;
      await page.setViewportSize({ width: 390, height: 844 });
      await setLook(page, { dark, rtl: false });
      const problems: string[] = [];
      for (const screen of SCREENS) {
        await open(page, screen);
        await shot(`screens-${screen.name}-390-${scheme}`);
        problems.push(...(await hiddenHeadlines(page)).map((p) => `${screen.name}: ${p}`));
        problems.push(...(await overflowing(page)).map((p) => `${screen.name}: ${p}`));
      }
      expect(problems).toEqual([]);
    });
  }

  for (const dark of [false, true]) {
    const scheme = dark ? 'dark' : 'light';
    it(`passes axe's WCAG 2.1 A/AA rules on every screen in ${scheme}`, async () => {
      const page = j.page;
      await page.setViewportSize({ width: 1440, height: 900 });
      await setLook(page, { dark, rtl: false });
      const problems: string[] = [];
      for (const screen of SCREENS) {
        await open(page, screen);
        problems.push(...(await axeProblems(page, screen.name)));
      }
      expect(problems).toEqual([]);
    });
  }

  it('passes the same rules on the pages seen without a session, in light and dark', async () => {
    const context = await j.browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.route('**/*', (route) => (route.request().url().startsWith(j.server.url) ? route.continue() : route.abort()));
    const page = await context.newPage();
    const problems: string[] = [];
    try {
      for (const dark of [false, true]) {
        await page.goto(`${j.server.url}/login`);
        await setLook(page, { dark, rtl: false });
        for (const publicPage of PUBLIC_PAGES) {
          await page.goto(`${j.server.url}${publicPage.path()}`);
          await page.waitForLoadState('networkidle');
          await page.waitForFunction(() => !document.querySelector('.mantine-Loader-root, .mantine-Skeleton-root[data-visible]'), null, { timeout: 15000 });
          await page.waitForTimeout(300);
          problems.push(...(await axeProblems(page, `${publicPage.name} (${dark ? 'dark' : 'light'})`)));
        }
      }
    } finally {
      await context.close();
    }
    expect(problems).toEqual([]);
  });

  it('fits in RTL, and isolates Latin text in the tables', async () => {
    const page = j.page;
    await page.setViewportSize({ width: 1440, height: 900 });
    await setLook(page, { dark: false, rtl: true });
    const problems: string[] = [];
    let sentencesChecked = 0;
    for (const screen of SCREENS.filter((s) => RTL_SCREENS.includes(s.name))) {
      await open(page, screen);
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      await shot(`screens-${screen.name}-1440-rtl`);
      problems.push(...(await overflowing(page)).map((p) => `${screen.name}: ${p}`));
      // Each headline in a table sits in its own direction (dir="auto" or "ltr"), so "Coverage of …." keeps its full stop at the end.
      const unisolated = await page.evaluate(() =>
        Array.from(document.querySelectorAll('main table td[data-primary]'))
          .filter((td) => !td.querySelector('[dir="auto"], [dir="ltr"], bdi'))
          .map((td) => (td.textContent ?? '').slice(0, 60)),
      );
      problems.push(...unisolated.map((t) => `${screen.name}: headline not isolated: ${t}`));
      // A Latin sentence keeps its full stop at its end (right), not at the RTL start (".Coverage of…").
      const sentences = await page.evaluate(() => {
        const lines = Array.from(document.querySelectorAll('main p')).filter((p) => /^[A-Za-z].*[A-Za-z]\.$/.test((p.textContent ?? '').trim()));
        const flipped = lines.filter((p) => {
          const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
          const nodes: Text[] = [];
          for (let n = walker.nextNode(); n; n = walker.nextNode()) if ((n.textContent ?? '').trim()) nodes.push(n as Text);
          const first = nodes[0]!;
          const last = nodes[nodes.length - 1]!;
          const at = (node: Text, i: number) => {
            const r = document.createRange();
            r.setStart(node, i);
            r.setEnd(node, i + 1);
            return r.getBoundingClientRect();
          };
          const start = at(first, (first.textContent ?? '').search(/\S/));
          const stop = at(last, (last.textContent ?? '').trimEnd().length - 1);
          // On one line the stop is right of the first letter; on several it is on a lower line.
          return Math.abs(stop.top - start.top) < 2 && stop.left < start.left;
        });
        return { checked: lines.length, flipped: flipped.map((p) => (p.textContent ?? '').slice(0, 60)) };
      });
      sentencesChecked += sentences.checked;
      problems.push(...sentences.flipped.map((t) => `${screen.name}: full stop flipped: ${t}`));
      if (screen.name === 'report') {
        const chart = await chartTextOverlaps(page);
        expect(chart.count).toBeGreaterThan(2);
        problems.push(...chart.overlaps);
        // Mirrored: the first day is drawn right of the last, the articles axis on the right.
        const xLabels = await page.evaluate(() =>
          Array.from(document.querySelectorAll('[data-testid="trend-chart"] [role="img"] svg text'))
            .filter((t) => /^(Week of )?[A-Z][a-z]{2} \d+$/.test(t.textContent ?? ''))
            .map((t) => ({ text: t.textContent, x: t.getBoundingClientRect().left })),
        );
        expect(xLabels.length).toBeGreaterThan(1);
        expect(xLabels[0]!.x).toBeGreaterThan(xLabels[xLabels.length - 1]!.x);
      }
    }
    await setLook(page, { dark: false, rtl: false });
    expect(sentencesChecked).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });
});
