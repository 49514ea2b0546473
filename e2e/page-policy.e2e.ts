import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, loginAs, startJourney, type Journey } from './harness.js';

/**
 * The pages' Content-Security-Policy holds and breaks nothing: the headers are on every page, and
 * the screens that do the most at run time (the sign-up's proof-of-work captcha in a Worker, the
 * charts, the public report) run without a single policy violation.
 */
let j: Journey;
const violations: string[] = [];

beforeAll(async () => {
  j = await startJourney();
  await j.page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __csp: string[] }).__csp ??= [];
      (window as unknown as { __csp: string[] }).__csp.push(`${location.pathname}: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  j.page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
}, 180000);
afterAll(() => j?.close());

async function pageViolations(): Promise<string[]> {
  return [...violations, ...((await j.page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])) as string[])];
}

describe('page policy', () => {
  it('HTML pages carry the policy and the security headers', async () => {
    for (const path of ['/', '/login', '/p/r/unknown-report']) {
      const res = await fetch(`${j.server.url}${path}`);
      expect(res.headers.get('content-type')).toContain('text/html');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(await res.text()).not.toMatch(/<script>(?!<\/script>)/);
    }
    const api = await fetch(`${j.server.url}/api/health`);
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('the sign-up (captcha worker), the app with its charts and the public report run without a violation', async () => {
    const page = j.page;
    await page.goto(`${j.server.url}/signup`);
    // The captcha widget loads with the account step and solves in a Worker when ticked.
    await page.getByRole('button', { name: 'Get started' }).click();
    await page.locator('altcha-widget').getByText("I'm not a robot").click();
    await page.locator('altcha-widget .altcha[data-state="verified"]').waitFor({ timeout: 30000 });
    await loginAs(page, j.server.url, ADMIN.email, ADMIN.password);
    const token = (await page.evaluate(() => localStorage.getItem('coverwatch.token')))!;
    const get = async (path: string) => (await (await fetch(`${j.server.url}${path}`, { headers: { authorization: `Bearer ${token}` } })).json()).data;
    const projects: { id: string }[] = await get('/api/projects?page_size=50');
    await page.goto(`${j.server.url}/supersearch/${projects[0].id}`);
    const terms = page.getByRole('combobox', { name: 'All of these' });
    await terms.fill('Starfall');
    await terms.press('Enter');
    await page.getByTestId('volume-chart').locator('svg').first().waitFor();
    let reports: { id: string }[] = [];
    for (const p of projects) if ((reports = await get(`/api/reports?filter[project_id]=${p.id}`)).length) break;
    if (reports.length) {
      await page.goto(`${j.server.url}/p/r/${reports[0].id}`);
      await page.waitForLoadState('networkidle');
    }
    expect(await pageViolations()).toEqual([]);
  });

  it('the API explorer renders the operations under its own policy, never framed', async () => {
    const res = await fetch(`${j.server.url}/api/docs/`);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const page = j.page;
    await page.goto(`${j.server.url}/api/docs/`);
    await page.locator('.opblock').first().waitFor();
    expect(await pageViolations()).toEqual([]);
  });
});
