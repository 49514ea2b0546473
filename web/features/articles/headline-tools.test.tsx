import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { MSG } from '../../../common/messages';
import { stubFetch, type StubRequest } from '../../testing/fetch-stub';
import { renderWithProviders } from '../../testing/render';
import { HeadlineTools } from './components/headline-tools';

afterEach(() => vi.unstubAllGlobals());

const status = (translation: boolean) => ({
  data: {
    type: 'headline_tools',
    id: 'headline_tools',
    attributes: { translation: { available: translation, reason: translation ? null : MSG.articles.translateNotConnected }, sentiment: { languages: ['en'] } },
  },
});

function serveTools(opts: { translation: boolean; sentiment?: unknown }) {
  return stubFetch((req: StubRequest) => {
    if (req.url.pathname === '/api/headline_tools') return { body: status(opts.translation) };
    if (req.url.pathname === '/api/sentiment') return { body: { data: opts.sentiment } };
    return { status: 404, body: { errors: [] } };
  });
}

const translateButton = () => screen.getByRole('button', { name: 'Translate the headline' }) as HTMLButtonElement;

describe('headline tools', () => {
  it('says translation is not configured instead of failing on click', async () => {
    const calls = serveTools({ translation: false });
    renderWithProviders(<HeadlineTools title="Starfall reseña completa" url="https://a.example/1" language="es" />);
    await vi.waitFor(() => expect(translateButton().disabled).toBe(true));
    fireEvent.mouseEnter(screen.getByTestId('translate-wrapper'));
    expect(await screen.findByText(MSG.articles.translateNotConnected)).toBeTruthy();
    fireEvent.click(translateButton());
    expect(calls.some((c) => c.url.pathname === '/api/translations')).toBe(false);
    expect(screen.queryByText(MSG.articles.translateError)).toBeNull();
  });

  it('offers translation when it is configured', async () => {
    serveTools({ translation: true });
    renderWithProviders(<HeadlineTools title="Starfall reseña completa" url="https://a.example/1" language="es" />);
    await screen.findByRole('button', { name: 'Translate the headline' });
    await vi.waitFor(() => expect(translateButton().disabled).toBe(false));
  });

  it('does not ask the English-only model about a headline stored in another language', async () => {
    const calls = serveTools({ translation: true });
    renderWithProviders(<HeadlineTools title="Starfall reseña completa" url="https://a.example/1" language="es" />);
    const off = screen.getByRole('button', { name: MSG.articles.sentimentUnavailable }) as HTMLButtonElement;
    expect(off.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Headline sentiment' })).toBeNull();
    expect(calls.some((c) => c.url.pathname === '/api/sentiment')).toBe(false);
  });

  it('shows the server’s "not available" calmly for a headline of unknown language, sending the stored language', async () => {
    const calls = serveTools({
      translation: true,
      sentiment: { sentiment: null, score: null, available: false, language: 'fr', reason: MSG.articles.sentimentUnavailable },
    });
    renderWithProviders(<HeadlineTools title="Le jeu est magnifique" url="https://a.example/2" language="unknown" />);
    fireEvent.click(screen.getByRole('button', { name: 'Headline sentiment' }));
    expect(await screen.findByText(MSG.articles.sentimentUnavailable)).toBeTruthy();
    expect(screen.queryByText(/neutral/i)).toBeNull();
    expect(screen.queryByText(MSG.articles.sentimentError)).toBeNull();
    expect(calls.find((c) => c.url.pathname === '/api/sentiment')!.body).toEqual({
      article_url: 'https://a.example/2',
      article_title: 'Le jeu est magnifique',
      language: 'unknown',
    });
  });
});
