import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { tokenStore } from '../../lib/api';
import { userQueryKey } from '../../lib/session';
import { SourcesFirstRun } from './components/first-run-gate';
import { calledWith, pack, packsDoc, renderSources, serve, summary, userOf, type Pack } from './sources-fixtures';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  localStorage.clear();
  tokenStore.set('test-token');
});
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

const TITLE = 'Start monitoring 452 outlets in 14 languages';

/** The callout above the page, then the chooser it opens. */
async function openChooser() {
  const callout = await screen.findByRole('region', { name: TITLE });
  fireEvent.click(within(callout).getByRole('button', { name: 'Choose packs' }));
  return screen.findByRole('dialog', { name: TITLE });
}

/** A directory with nothing switched on yet, whose first-run screen was not answered. */
function serveFirstRun(opts: { operator?: boolean; admin?: boolean; firstRunDone?: boolean } = {}) {
  const packs: Pack[] = [
    pack('games-en', { outlets: 40 }),
    pack('tech-en', { outlets: 20 }),
    pack('games-de'),
    pack('esports-de', { outlets: 5 }),
    pack('games-fr', { outlets: 9 }),
  ];
  let done = opts.firstRunDone ?? false;
  return serve(userOf({ operator: opts.operator ?? true, admin: opts.admin }), (req) => {
    const path = req.url.pathname;
    if (req.method === 'GET' && path === '/api/source_packs')
      return { body: packsDoc(packs, summary({ enabled_packs: packs.filter((p) => p.enabled).length, first_run_done: done })) };
    if (req.method === 'POST' && path === '/api/source_packs/first_run') {
      done = true;
      return { body: { meta: summary({ first_run_done: true }) } };
    }
    const m = /^\/api\/source_packs\/([\w-]+)$/.exec(path);
    if (req.method === 'PATCH' && m) {
      const p = packs.find((x) => x.id === m[1])!;
      p.enabled = (req.body as { data: { attributes: { enabled: boolean } } }).data.attributes.enabled;
      const { id, ...attributes } = p;
      return { body: { data: { type: 'source_pack', id, attributes } } };
    }
    if (path === '/api/sources/status' || path === '/api/websites') return { body: {} };
    return undefined;
  });
}

describe('sources first run', () => {
  it('asks the operator which packs to start with, and switches on the ones chosen', async () => {
    const calls = serveFirstRun();
    renderSources(<SourcesFirstRun />);
    const callout = await screen.findByRole('region', { name: TITLE });
    expect(within(callout).getByText(/nothing is fetched until you switch one on/)).toBeTruthy();
    const dialog = await openChooser();
    expect(within(dialog).getByText(/nothing is fetched until you switch one on/)).toBeTruthy();
    // Focus is inside the dialog, on its first control.
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'All games press' })));
    expect(within(dialog).getByTestId('first-run-count').textContent).toBe('0 packs chosen · 0 outlets');
    expect((within(dialog).getByRole('button', { name: 'Start monitoring' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(dialog).getByRole('button', { name: 'All games press' }));
    expect(within(dialog).getByTestId('first-run-count').textContent).toBe('3 packs chosen · 61 outlets');
    expect((within(dialog).getByRole('checkbox', { name: 'Games press — French' }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByRole('checkbox', { name: 'Tech press — English' }) as HTMLInputElement).checked).toBe(false);
    // The English language box is half-ticked: one of its two packs is chosen.
    expect((within(dialog).getByRole('checkbox', { name: 'All English packs' }) as HTMLInputElement).indeterminate).toBe(true);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Start monitoring' }));
    expect(await screen.findByText('3 packs switched on: the first articles arrive within minutes.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull());
    // Answered: the callout is gone.
    expect(screen.queryByRole('region', { name: TITLE })).toBeNull();
    const patched = calls.filter((c) => c.method === 'PATCH').map((c) => c.url.pathname);
    expect(patched.sort()).toEqual(['/api/source_packs/games-de', '/api/source_packs/games-en', '/api/source_packs/games-fr']);
    // The first run is marked answered only after every pack went through.
    const firstRun = calls.findIndex((c) => c.method === 'POST' && c.url.pathname === '/api/source_packs/first_run');
    expect(firstRun).toBeGreaterThan(Math.max(...calls.map((c, i) => (c.method === 'PATCH' ? i : -1))));
    expect(calls[firstRun].body).toEqual({ data: { type: 'source_first_run', attributes: { done: true } } });
  });

  it('chooses a whole language with its box', async () => {
    serveFirstRun();
    renderSources(<SourcesFirstRun />);
    const dialog = await openChooser();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'All German packs' }));
    expect((within(dialog).getByRole('checkbox', { name: 'Games press — German' }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByRole('checkbox', { name: 'Esports — German' }) as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByTestId('first-run-count').textContent).toBe('2 packs chosen · 17 outlets');
  });

  it.each([
    ['the callout', async () => screen.findByRole('region', { name: TITLE })],
    ['the chooser', openChooser],
  ])('"Not now" in %s switches nothing on and does not ask again', async (_where, open) => {
    const calls = serveFirstRun();
    renderSources(<SourcesFirstRun />);
    const box = await open();
    fireEvent.click(within(box).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: TITLE })).toBeNull());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull());
    expect(calledWith(calls, 'POST', '/api/source_packs/first_run')).toHaveLength(1);
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('is not shown once answered', async () => {
    const calls = serveFirstRun({ firstRunDone: true });
    renderSources(<SourcesFirstRun />);
    await waitFor(() => expect(calledWith(calls, 'GET', '/api/source_packs')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: TITLE })).toBeNull();
  });

  it.each([
    ['an admin of another organization', { operator: false }],
    ["a member (not admin) of the platform operator's organization", { operator: true, admin: false }],
  ])('never loads for %s', async (_who, opts) => {
    const calls = serveFirstRun(opts);
    const { client } = renderSources(<SourcesFirstRun />);
    await waitFor(() => expect(client.getQueryState(userQueryKey)?.status).toBe('success'));
    expect(screen.queryByTestId('sources-first-run')).toBeNull();
    expect(calls.some((c) => c.url.pathname.startsWith('/api/source_packs'))).toBe(false);
  });
});
