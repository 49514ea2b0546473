import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { renderWithProviders } from '../testing/render';
import { MediaCell as ReportMediaCell } from '../features/reports/components/article-columns';
import { WebsiteAvatar } from '../features/websites/components/website-avatar';
import { MediaIcon } from './media-cell';
import { websiteIconUrl } from './website-icon';

describe('outlet icons', () => {
  it('come from our own server, never from the outlet’s site', () => {
    expect(websiteIconUrl('www.GameSpot.com')).toBe('/api/icons/gamespot.com.png');
    expect(websiteIconUrl('')).toBeNull();
    const { container } = renderWithProviders(
      <>
        <MediaIcon media="gamespot.com" />
        <ReportMediaCell
          article={{
            id: '1',
            title: 'x',
            url: 'https://www.ign.com/a',
            fullUrl: 'https://www.ign.com/a',
            language: 'en',
            reach: 5,
            date: '2024-03-05T10:00:00.000Z',
            tag_name: 'Reviews',
            media: 'ign.com',
            'website-visits': null,
            muv: null,
          }}
        />
        <WebsiteAvatar domain="polygon.com" avatar={null} />
      </>,
    );
    const sources = [...container.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(sources).toEqual(['/api/icons/gamespot.com.png', '/api/icons/ign.com.png', '/api/icons/polygon.com.png']);
  });

  it('are not hot-linked anywhere in the web app', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
          const text = fs.readFileSync(full, 'utf8');
          // An icon address built from an outlet's domain, or a third-party favicon service.
          if (/\/favicon\.ico|s2\/favicons|icon\.horse|icons\.duckduckgo/.test(text)) offenders.push(path.relative(process.cwd(), full));
        }
      }
    };
    walk(path.resolve(__dirname, '..'));
    expect(offenders).toEqual([]);
  });
});
