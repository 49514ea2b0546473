import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ArticlesSection } from './components/articles-section';
import printClasses from './components/print-articles.module.css';
import { mediaColumnWidth, tagColumnWidth, urlBreakParts } from './lib/table-layout';
import { article, renderPlain } from './report-fixtures';

/**
 * The articles table of a report gives the outlet the room it needs: on screen the Media and Tag
 * columns are sized from the report's longest outlet and tag; in print no outlet or word is cut in two.
 */
afterEach(() => vi.unstubAllGlobals());

const withOutlet = (id: number, media: string) => article(id, { media });

describe('media column width', () => {
  it('fits the longest outlet of the report, between 150 and 260 px', () => {
    expect(mediaColumnWidth([withOutlet(1, 'ign.com')])).toBe(150);
    // 20 characters need ~164 px of text beside the icon: more than the old fixed 170 px column gave.
    expect(mediaColumnWidth([withOutlet(1, 'ign.com'), withOutlet(2, 'rockpapershotgun.com')])).toBe(234);
    expect(mediaColumnWidth([withOutlet(1, 'the-longest-games-outlet-name-anyone-registered.example')])).toBe(260);
    // No media name: the link's domain counts.
    expect(mediaColumnWidth([article(1, { media: '', url: 'https://www.rockpapershotgun.com/a' })])).toBe(234);
    expect(mediaColumnWidth([])).toBe(150);
  });

  it('is the width of the Media column on screen, the whole name on hover', () => {
    renderPlain(<ArticlesSection articles={[withOutlet(1, 'gamespot.com'), withOutlet(2, 'rockpapershotgun.com')]} tableType={0} template="" />);
    const media = screen.getByRole('columnheader', { name: 'Media' });
    expect(media.style.width).toBe('calc(14.625rem * var(--mantine-scale))'); // 234 px
    expect(screen.getByTitle('rockpapershotgun.com').textContent).toBe('rockpapershotgun.com');
  });
});

describe('tag column width', () => {
  it('fits the longest tag, between 110 and 200 px, so "Hands-on previews" is not cut', () => {
    expect(tagColumnWidth([article(1, { tag_name: 'Reviews' })])).toBe(110);
    expect(tagColumnWidth([article(1, { tag_name: 'Reviews' }), article(2, { tag_name: 'Hands-on previews' })])).toBe(159);
    expect(tagColumnWidth([article(1, { tag_name: 'A tag named after the whole launch campaign' })])).toBe(200);
    expect(tagColumnWidth([article(1, { tag_name: undefined })])).toBe(110);
  });

  it('is the width of the Tag column on screen', () => {
    renderPlain(<ArticlesSection articles={[article(1, { tag_name: 'Hands-on previews' })]} tableType={0} template="" />);
    expect(screen.getByRole('columnheader', { name: 'Tag' }).style.width).toBe('calc(9.9375rem * var(--mantine-scale))'); // 159 px
  });
});

describe('printed articles table', () => {
  const printed = (articles: ReturnType<typeof article>[]) => {
    renderPlain(<ArticlesSection articles={articles} tableType={0} template="" print />);
    return screen.getByRole('table', { name: 'Articles' });
  };

  it('keeps each outlet and language on one line, a long outlet set smaller, never cut', () => {
    const table = printed([withOutlet(1, 'rockpapershotgun.com'), withOutlet(2, 'news.the-longest-outlet-name.example'), article(3, { language: 'lb' })]);
    const rows = within(table).getAllByRole('row').slice(1);
    const [short, long] = rows.map((r) => within(r).getAllByRole('cell')[1]);
    expect(short.className).toContain(printClasses.nowrap);
    expect(short.textContent).toBe('rockpapershotgun.com');
    expect(short.querySelector('span')!.className).not.toContain(printClasses.longOutlet);
    expect(long.querySelector('span')!.className).toContain(printClasses.longOutlet);
    expect(long.querySelector('span')!.getAttribute('title')).toBe('news.the-longest-outlet-name.example');
    const language = within(rows[2]).getByText('Luxembourgish');
    expect(language.className).toContain(printClasses.nowrap);
  });

  it('lets a title that is a bare link wrap after its slashes', () => {
    const url = 'https://www.rockpapershotgun.com/nebula-quest-review/page-2?ref=feed';
    const table = printed([article(1, { title: '', url })]);
    const link = within(table).getByRole('link', { name: url });
    expect(link.querySelectorAll('wbr')).toHaveLength(urlBreakParts(url).length);
    expect(urlBreakParts(url)).toEqual(['https://', 'www.rockpapershotgun.com/', 'nebula-quest-review/', 'page-2?', 'ref=feed']);
    expect(link.closest('td')!.className).toContain(printClasses.title);
  });
});
