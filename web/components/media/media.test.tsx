import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '../../testing/render';
import { MSG } from '../../../common/messages';
import { formatAudience, formatCount } from './format-audience';
import { MediaThumbnail, thumbnailUrl } from './media-thumbnail';
import { PlayerModal, playerUrl } from './player-modal';
import { RangeFilter, rangeError, type NumberRange } from './range-filter';
import { FeedStateBanner } from './feed-state-banner';

describe('formatAudience', () => {
  it('abbreviates thousands, millions and billions and says "hidden" for a hidden count', () => {
    expect(formatAudience(950)).toBe('950');
    expect(formatAudience(1234)).toBe('1.2K');
    expect(formatAudience(1000)).toBe('1K');
    expect(formatAudience(250_400)).toBe('250K');
    expect(formatAudience(3_400_000)).toBe('3.4M');
    expect(formatAudience(999_999)).toBe('999K');
    expect(formatAudience(2_100_000_000)).toBe('2.1B');
    expect(formatAudience(null)).toBe('hidden');
    expect(formatCount(1234567)).toBe('1,234,567');
  });
});

describe('player addresses', () => {
  it('embeds YouTube from the privacy-enhanced host and Twitch with the page as parent, not autoplaying', () => {
    expect(playerUrl({ platform: 'youtube', videoId: 'dQw4w9WgXcQ' }, 'app.test')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(playerUrl({ platform: 'twitch', videoId: '123' }, 'app.test')).toBe('https://player.twitch.tv/?video=123&parent=app.test&autoplay=false');
    expect(playerUrl({ platform: 'twitch', channel: 'shroud' }, 'app.test')).toBe('https://player.twitch.tv/?channel=shroud&parent=app.test&autoplay=false');
  });

  it('mounts the titled iframe only while open', () => {
    const { rerender } = renderWithProviders(
      <PlayerModal opened title="Starfall trailer" source={{ platform: 'youtube', videoId: 'abcdefghijk' }} onClose={() => {}} />,
    );
    const frame = screen.getByTitle('Starfall trailer');
    expect(frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/abcdefghijk');
    expect(frame.getAttribute('allow')).toContain('encrypted-media');
    rerender(<PlayerModal opened={false} title="Starfall trailer" source={{ platform: 'youtube', videoId: 'abcdefghijk' }} onClose={() => {}} />);
    expect(screen.queryByTitle('Starfall trailer')).toBeNull();
  });
});

describe('MediaThumbnail', () => {
  it('fills Twitch size placeholders and falls back to the platform tile when the picture fails', () => {
    expect(thumbnailUrl('https://x/{width}x{height}.jpg', 150, 80)).toBe('https://x/300x160.jpg');
    expect(thumbnailUrl('https://x/%{width}x%{height}.jpg', 10, 5)).toBe('https://x/20x10.jpg');
    renderWithProviders(<MediaThumbnail src="https://i.ytimg.com/vi/x/mqdefault.jpg" platform="youtube" alt="Trailer" />);
    const img = screen.getByRole('img', { name: 'Trailer' });
    expect(img.tagName).toBe('IMG');
    expect(img.getAttribute('loading')).toBe('lazy');
    fireEvent.error(img);
    const tile = screen.getByRole('img', { name: 'Trailer' });
    expect(tile.tagName).not.toBe('IMG');
    expect(tile.getAttribute('data-fallback')).toBe('true');
  });

  it('shows the tile when there is no picture at all', () => {
    renderWithProviders(<MediaThumbnail src={null} platform="twitch" />);
    expect(screen.getByTestId('media-thumbnail').querySelector('[data-fallback]')).not.toBeNull();
    expect(screen.getByTestId('media-thumbnail').style.width).toBe('150px');
  });
});

describe('RangeFilter', () => {
  function Harness() {
    const [v, setV] = useState<NumberRange>({ min: null, max: null });
    return <RangeFilter label="Views" value={v} onChange={setV} />;
  }

  it('says when the minimum is above the maximum', () => {
    expect(rangeError({ min: 5, max: 4 })).toBe(MSG.videos.minBelowMax);
    expect(rangeError({ min: 5, max: null })).toBeNull();
    renderWithProviders(<Harness />);
    fireEvent.change(screen.getByLabelText('Min views'), { target: { value: '500' } });
    fireEvent.change(screen.getByLabelText('Max views'), { target: { value: '20' } });
    expect(screen.getByRole('alert').textContent).toBe(MSG.videos.minBelowMax);
    fireEvent.change(screen.getByLabelText('Max views'), { target: { value: '2000' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('FeedStateBanner', () => {
  it('explains each polling state and stays silent when all is well', () => {
    const { rerender } = renderWithProviders(<FeedStateBanner platform="youtube" state="ok" />);
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<FeedStateBanner platform="youtube" state="not_configured" notConnectedReason={MSG.videos.notConnected} />);
    expect(screen.getByText(/set YOUTUBE_API_KEY/)).toBeTruthy();
    rerender(<FeedStateBanner platform="youtube" state="error" lastError="API key invalid" />);
    expect(screen.getByText(/API key invalid\./)).toBeTruthy();
    rerender(<FeedStateBanner platform="youtube" state="quota" nextCheckAt={new Date(Date.now() + 3600_000).toISOString()} />);
    expect(screen.getByText('Daily YouTube quota used up')).toBeTruthy();
    rerender(<FeedStateBanner platform="twitch" state="ok" isEnabled={false} />);
    expect(screen.getByText('Feed paused')).toBeTruthy();
  });

  describe('the time of the next check', () => {
    afterEach(() => {
      vi.useRealTimers();
      vi.restoreAllMocks();
    });

    it('reads the clock of the user’s locale (issue 27: one clock format per locale)', () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(2024, 2, 5, 10, 30));
      const at = new Date(2024, 2, 5, 14, 30).toISOString();
      vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB']);
      const { rerender } = renderWithProviders(<FeedStateBanner platform="youtube" state="waiting" nextCheckAt={at} />);
      expect(screen.getByText(/The next check is due at 14:30 \(in 4 hours\)\./)).toBeTruthy();
      vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
      rerender(<FeedStateBanner platform="twitch" state="waiting" nextCheckAt={at} />);
      expect(screen.getByText(/The next check is due at 2:30\sPM \(in 4 hours\)\./)).toBeTruthy();
    });
  });
});
