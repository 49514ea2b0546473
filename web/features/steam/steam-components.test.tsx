import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { fireEvent, screen, within } from '@testing-library/react';
import { STEAM_MAX_APPS, STEAM_MESSAGES } from '../../../common/schemas/steam';
import { readSteamAppIds, SteamAppIdsField } from '../../components/steam/steam-app-ids-field';
import { SteamEvents } from '../../components/steam/steam-events';
import { PENDING_MESSAGE } from '../../components/steam/steam-format';
import { SteamReviewsChart } from '../../components/steam/steam-reviews-chart';
import { renderWithProviders } from '../../testing/render';
import { CoverageChart } from './components/coverage-chart';
import { coverageAttrs, DAYS, steamApp, steamAttrs } from './steam-fixtures';

describe('the Steam reviews chart', () => {
  it('shows the period’s totals, each app’s all-time summary and the reviews and share positive each day', () => {
    renderWithProviders(<SteamReviewsChart summary={steamAttrs()} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Steam reviews' })).toBeTruthy();
    expect(screen.getByTestId('steam-review-totals').textContent).toBe('1,234 reviews · 87 % positive in the period');
    const app = screen.getByTestId('steam-app-620');
    expect(within(app).getByRole('link', { name: 'Portal 2' }).getAttribute('href')).toBe('https://store.steampowered.com/app/620/');
    expect(app.textContent).toContain('Very Positive · 18,342 of 19,862');
    const chart = screen.getByRole('img', { name: 'Steam reviews each day and the share positive, Mar 1, 2024 to Mar 3, 2024' });
    const titles = [...chart.querySelectorAll('title')].map((t) => t.textContent);
    expect(titles).toEqual(['Mar 1\nReviews: 1,000\nPositive: 87 %', 'Mar 2\nReviews: 0\nPositive: –', 'Mar 3\nReviews: 234\nPositive: 87 %']);
    expect([...chart.querySelectorAll('svg text')].map((t) => t.textContent)).toContain('100 %');
  });

  it('says an app is being read, and draws no empty chart before the first figures', () => {
    const pending = steamApp({ name: null, state: 'pending', total_reviews: null, total_positive: null, review_score_desc: null });
    renderWithProviders(
      <SteamReviewsChart
        summary={steamAttrs({
          apps: [pending],
          events: [],
          reviews: steamAttrs().reviews.map((d) => ({ ...d, reviews: 0, positive: 0, share_positive: null })),
          totals: { reviews: 0, positive: 0, share_positive: null, events: 0 },
        })}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe(PENDING_MESSAGE);
    expect(screen.getByRole('link', { name: 'App 620' })).toBeTruthy();
    expect(screen.getByTestId('steam-review-totals').textContent).toBe('No reviews in the period');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('gives each app’s error in its words, keeps the last figures, and notes the days not read', () => {
    const apps = [
      steamApp({ state: 'error', message: 'Steam answered 503: we try again in 10 minutes' }),
      steamApp({ app_id: 730, name: 'Counter-Strike 2', state: 'rate_limited', message: 'Steam asked us to slow down' }),
      steamApp({ app_id: 99, name: null, state: 'not_found', message: 'Steam knows no app 99', total_reviews: null }),
    ];
    renderWithProviders(<SteamReviewsChart summary={steamAttrs({ apps, reviews_since: DAYS[1] })} />);
    expect(screen.getByTestId('steam-app-620').textContent).toContain('Steam answered 503: we try again in 10 minutes');
    expect(screen.getByTestId('steam-app-620').textContent).toContain('Very Positive · 18,342 of 19,862');
    expect(screen.getByTestId('steam-app-730').textContent).toContain('Steam asked us to slow down');
    expect(screen.getByTestId('steam-app-99').textContent).toContain('Steam knows no app 99');
    expect(screen.getByTestId('steam-reviews-since').textContent).toMatch(/^Reviews are read from Mar 2, 2024: the days before it count none/);
    expect(screen.getByRole('img')).toBeTruthy();
  });
});

describe('the Steam announcements', () => {
  it('list the day, the game and the post, opening in a new tab', () => {
    renderWithProviders(<SteamEvents events={steamAttrs().events} apps={[steamApp()]} />);
    const link = screen.getByRole('link', { name: /Patch 1.1 is out/ });
    expect(link.getAttribute('href')).toBe('https://store.steampowered.com/news/app/620/view/1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    const item = link.closest('li')!;
    expect(item.textContent).toContain('Mar 2, 2024');
    expect(item.textContent).toContain('Portal 2');
  });

  it('say when there are none', () => {
    renderWithProviders(<SteamEvents events={[]} apps={[steamApp()]} />);
    expect(screen.getByText('No announcements in the period.')).toBeTruthy();
  });
});

describe('the coverage chart', () => {
  it('stacks the project’s sources each day and flags the announcements', () => {
    const s = steamAttrs();
    renderWithProviders(<CoverageChart coverage={coverageAttrs()} events={s.events} apps={s.apps} />);
    const chart = screen.getByRole('img', { name: 'Coverage each day by source, Mar 1, 2024 to Mar 3, 2024, one Steam announcement flagged' });
    const texts = [...chart.querySelectorAll('svg text')].map((t) => t.textContent);
    expect(texts).toEqual(expect.arrayContaining(['Press', 'GDELT', 'YouTube', 'Twitch']));
    expect(chart.querySelector('[data-marker="1"] title')!.textContent).toBe('Mar 2\nPortal 2: Patch 1.1 is out');
  });

  it('leaves out the sources the project does not have, and says when the period is empty', () => {
    const zero = coverageAttrs().days.map((d) => ({ ...d, press: 0, gdelt: 0, youtube: 0, twitch: 0 }));
    renderWithProviders(<CoverageChart coverage={coverageAttrs({ days: zero, sources: ['press'] })} />);
    expect(screen.getByText('No coverage yet in this period.')).toBeTruthy();
    const texts = [...screen.getByRole('img').querySelectorAll('svg text')].map((t) => t.textContent);
    expect(texts).toContain('Press');
    expect(texts).not.toContain('Twitch');
  });
});

function Field({ initial = [] as number[] }) {
  const [ids, setIds] = useState(initial);
  return (
    <>
      <SteamAppIdsField value={ids} onChange={setIds} names={{ 620: 'Portal 2' }} />
      <output aria-label="ids">{ids.join(',')}</output>
    </>
  );
}

describe('the Steam app id field', () => {
  it('reads ids and store, community and SteamDB addresses', () => {
    expect(
      readSteamAppIds('620, https://store.steampowered.com/app/730/CounterStrike_2/ steamcommunity.com/app/440 https://steamdb.info/app/570/', []),
    ).toEqual({
      ids: [620, 730, 440, 570],
      problem: null,
      rest: '',
    });
    expect(readSteamAppIds('620 https://example.com/app/1', [])).toEqual({ ids: [620], problem: STEAM_MESSAGES.appId, rest: 'https://example.com/app/1' });
    expect(readSteamAppIds('620', [620]).problem).toBe(STEAM_MESSAGES.duplicate);
    const full = [1, 2, 3, 4, 5].slice(0, STEAM_MAX_APPS);
    expect(readSteamAppIds('6', full)).toEqual({ ids: full, problem: STEAM_MESSAGES.tooMany, rest: '6' });
  });

  it('turns a pasted store address into a chip, names it when known, and keeps a bad entry with the message', () => {
    renderWithProviders(<Field />);
    const input = screen.getByLabelText('Steam games');
    fireEvent.paste(input, { clipboardData: { getData: () => 'https://store.steampowered.com/app/620/Portal_2/' } });
    expect(screen.getByLabelText('ids').textContent).toBe('620');
    expect(screen.getByText('Portal 2 (620)')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'portal two' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByText(STEAM_MESSAGES.appId)).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('portal two');
    expect(screen.getByLabelText('ids').textContent).toBe('620');
    fireEvent.change(input, { target: { value: '730' } });
    fireEvent.blur(input);
    expect(screen.getByLabelText('ids').textContent).toBe('620,730');
    expect(screen.queryByText(STEAM_MESSAGES.appId)).toBeNull();
    // Each chip's remove button is a button with a name; Backspace in the empty field removes the last.
    fireEvent.click(screen.getByRole('button', { name: 'Remove Portal 2 (620)' }));
    expect(screen.getByLabelText('ids').textContent).toBe('730');
    fireEvent.keyDown(input, { key: 'Backspace' });
    expect(screen.getByLabelText('ids').textContent).toBe('');
  });
});
