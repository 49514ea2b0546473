import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { MSG } from '../../../common/messages';
import { tokenStore } from '../../lib/api';
import { SuggestOutletModal } from './components/suggest-outlet-modal';
import { calledWith, fieldError, renderSources, serve, suggestion, suggestionDoc, userOf, type Handler } from './sources-fixtures';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  localStorage.clear();
  tokenStore.set('test-token');
});
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

const PATH = '/api/website_suggestions';

function Harness() {
  const [open, setOpen] = useState(true);
  return <SuggestOutletModal opened={open} onClose={() => setOpen(false)} />;
}

function suggestOn(handler: Handler) {
  const calls = serve(userOf(), async (req) => {
    if (req.method === 'POST' && req.url.pathname === PATH) return handler(req);
    if (req.url.pathname === '/api/sources/status' || req.url.pathname === '/api/source_packs' || req.url.pathname === '/api/websites') return { body: {} };
    return undefined;
  });
  renderSources(<Harness />);
  return calls;
}

async function submit(url: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Suggest an outlet' });
  fireEvent.change(within(dialog).getByLabelText(/Outlet address/), { target: { value: url } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Suggest' }));
  return dialog;
}

describe('suggest an outlet', () => {
  it('puts the focus in the address field, checks it, and sends nothing when it is not an address', async () => {
    const calls = suggestOn(() => ({ status: 201, body: suggestionDoc(suggestion('1')) }));
    const dialog = await screen.findByRole('dialog', { name: 'Suggest an outlet' });
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText(/Outlet address/)));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suggest' }));
    expect(await within(dialog).findByText(MSG.websites.domainRequired)).toBeTruthy();
    await submit('not an address');
    expect(await within(dialog).findByText(MSG.websites.invalidUrl)).toBeTruthy();
    expect(calledWith(calls, 'POST', PATH)).toHaveLength(0);
  });

  it('says it is looking while discovery runs, then what it found and who reviews it', async () => {
    let answer = () => {};
    const calls = suggestOn(async () => {
      await new Promise<void>((r) => (answer = r));
      return { status: 201, body: suggestionDoc(suggestion('1')) };
    });
    const dialog = await submit('https://www.example.com/news');
    expect(await within(dialog).findByText('Looking for feeds on example.com…')).toBeTruthy();
    answer();
    const result = await within(dialog).findByTestId('suggest-result');
    expect(result.textContent).toBe('We found 2 feeds on example.com — the platform operator will review it.');
    expect(within(dialog).getAllByTestId('discovered-feed')).toHaveLength(2);
    expect(within(dialog).getByText('News sitemap')).toBeTruthy();
    expect(calledWith(calls, 'POST', PATH)[0].body).toEqual({ data: { type: 'website_suggestion', attributes: { url: 'https://www.example.com/news' } } });
    // Done closes; "Suggest another" starts over.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suggest another' }));
    expect((within(dialog).getByLabelText(/Outlet address/) as HTMLInputElement).value).toBe('');
  });

  it.each([
    [
      'already monitored',
      { status: 200, s: suggestion('2', { existing: true, monitored: true, status: 'approved', website_id: '9' }) },
      'example.com is already monitored: its articles are in the archive.',
    ],
    [
      'in the directory, not switched on',
      { status: 200, s: suggestion('3', { existing: true, monitored: false, feeds: [] }) },
      'example.com is already in the directory, waiting to be switched on. The platform operator will review it.',
    ],
    [
      'added at once (self-service)',
      { status: 201, s: suggestion('4', { status: 'approved', website_id: '10' }) },
      'Added example.com: its articles arrive within minutes.',
    ],
    [
      'asked before by the organization',
      { status: 200, s: suggestion('5') },
      'example.com was already suggested by your organization and is waiting for review.',
    ],
    [
      'without any feed',
      { status: 201, s: suggestion('6', { feeds: [], reason: 'The site answered 403 Forbidden.' }) },
      /^We found no feed or news sitemap on example.com\..*The site answered 403 Forbidden\.$/,
    ],
  ])('tells when the outlet is %s', async (_case, { status, s }, text) => {
    suggestOn(() => ({ status, body: suggestionDoc(s) }));
    const dialog = await submit('example.com');
    const result = await within(dialog).findByTestId('suggest-result');
    if (typeof text === 'string') expect(result.textContent).toBe(text);
    else expect(result.textContent).toMatch(text);
  });

  it("shows the server's reason under the field on a 422", async () => {
    suggestOn(() => fieldError(422, 'This address is on a private network', '/data/attributes/url'));
    const dialog = await submit('http://10.0.0.1');
    expect(await within(dialog).findByText('This address is on a private network')).toBeTruthy();
    expect(
      within(dialog)
        .getByLabelText(/Outlet address/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(within(dialog).queryByTestId('suggest-result')).toBeNull();
  });
});
