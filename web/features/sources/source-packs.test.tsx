import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { tokenStore } from '../../lib/api';
import { SourcePacksPanel } from './components/source-packs-panel';
import { PACKS, calledWith, packsDoc, renderSources, serve, summary, userOf, type Pack } from './sources-fixtures';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  localStorage.clear();
  tokenStore.set('test-token');
});
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

const PACKS_PATH = '/api/source_packs';

/** The packs from memory; PATCH switches one (or answers `patchStatus`). */
function servePacks(opts: { admin?: boolean; patchStatus?: number; hold?: Promise<void> } = {}) {
  const packs = PACKS.map((p) => ({ ...p }));
  return serve(userOf({ operator: true, admin: opts.admin }), async (req) => {
    if (req.method === 'GET' && req.url.pathname === PACKS_PATH)
      return { body: packsDoc(packs, summary({ enabled_packs: packs.filter((p) => p.enabled).length })) };
    const m = /^\/api\/source_packs\/([\w-]+)$/.exec(req.url.pathname);
    if (req.method === 'PATCH' && m) {
      await opts.hold;
      if (opts.patchStatus)
        return {
          status: opts.patchStatus,
          body: { errors: [{ status: String(opts.patchStatus), code: 'server_error', title: 'Error', detail: 'The pack could not be switched' }] },
        };
      const p = packs.find((x) => x.id === m[1])!;
      p.enabled = (req.body as { data: { attributes: { enabled: boolean } } }).data.attributes.enabled;
      const { id, ...attributes }: Pack = p;
      return { body: { data: { type: 'source_pack', id, attributes } } };
    }
    if (req.url.pathname === '/api/sources/status' || req.url.pathname === '/api/websites') return { body: {} };
    return undefined;
  });
}

const switchOf = (name: string) => screen.getByRole('switch', { name }) as HTMLInputElement;

describe('source packs panel', () => {
  it('lists the packs by language with their counts, and the directory at a glance', async () => {
    servePacks();
    renderSources(<SourcePacksPanel />);
    expect(await screen.findByText('Directory: 452 outlets in 14 languages · 1 of 40 packs enabled')).toBeTruthy();
    const languages = screen.getAllByTestId('pack-language');
    expect(languages.map((l) => within(l).getByRole('heading').textContent)).toEqual(['English', 'German', 'French']);
    const german = languages[1];
    expect(within(german).getByText('1 of 2 on')).toBeTruthy();
    expect(within(german).getByText('12 outlets · 3 enabled')).toBeTruthy();
    expect(switchOf('Games press — German').checked).toBe(true);
    expect(switchOf('Esports — German').checked).toBe(false);
  });

  it('switches a pack on at once and tells the server', async () => {
    let release = () => {};
    const calls = servePacks({ hold: new Promise<void>((r) => (release = r)) });
    renderSources(<SourcePacksPanel />);
    await screen.findByText(/1 of 40 packs enabled/);
    fireEvent.click(switchOf('Games press — English'));
    // The screen follows the click before the server answers; the switch waits meanwhile.
    await waitFor(() => expect(switchOf('Games press — English').checked).toBe(true));
    expect(screen.getByText(/2 of 40 packs enabled/)).toBeTruthy();
    expect(switchOf('Games press — English').disabled).toBe(true);
    release();
    await waitFor(() => expect(calledWith(calls, 'PATCH', '/api/source_packs/games-en')).toHaveLength(1));
    expect(calledWith(calls, 'PATCH', '/api/source_packs/games-en')[0].body).toEqual({
      data: { type: 'source_pack', id: 'games-en', attributes: { enabled: true } },
    });
    expect(await screen.findByText('games en is switched on: its outlets are fetched from now on.')).toBeTruthy();
  });

  it('takes the switch back and shows the error when the server refuses', async () => {
    let release = () => {};
    servePacks({ patchStatus: 500, hold: new Promise<void>((r) => (release = r)) });
    renderSources(<SourcePacksPanel />);
    await screen.findByText(/1 of 40 packs enabled/);
    fireEvent.click(switchOf('Games press — German'));
    await waitFor(() => expect(switchOf('Games press — German').checked).toBe(false));
    release();
    expect(await screen.findByText('The pack could not be switched')).toBeTruthy();
    await waitFor(() => expect(switchOf('Games press — German').checked).toBe(true));
    expect(screen.getByText(/1 of 40 packs enabled/)).toBeTruthy();
  });

  it('shows the switches disabled to members who are not admins', async () => {
    const calls = servePacks({ admin: false });
    renderSources(<SourcePacksPanel />);
    await screen.findByText(/1 of 40 packs enabled/);
    expect(screen.getByText('Only admins of the platform operator can switch packs on or off.')).toBeTruthy();
    expect(switchOf('Games press — English').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Choose packs' })).toBeNull();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });
});
