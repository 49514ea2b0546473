import { describe, expect, it } from 'vitest';
import { count, MSG } from './messages.js';

describe('count messages', () => {
  it('follow the plural rules: one article, 0 and 2 articles, with thousands grouped', () => {
    expect(count(1, 'article')).toBe('1 article');
    expect(count(0, 'article')).toBe('0 articles');
    expect(count(2, 'article')).toBe('2 articles');
    expect(count(1204, 'outlet')).toBe('1,204 outlets');
    expect(count(2, 'index', 'indices')).toBe('2 indices');
  });

  it('say one thing in the singular everywhere a count is shown', () => {
    const singular = [
      MSG.articles.savedCount(1),
      MSG.articles.importedCount(1),
      MSG.articles.deletedCount(1),
      MSG.articles.failedCount(1),
      MSG.savedArticles.importedSome(1),
      MSG.videos.savedCount(1),
      MSG.videos.deletedCount(1),
      MSG.streams.savedCount(1),
      MSG.streams.deletedCount(1),
    ];
    for (const m of singular) {
      expect(m).toMatch(/^(Successfully imported )?1 (article|video|stream)\b/);
      expect(m).not.toMatch(/\b1 (articles|videos|streams)\b|\(s\)/);
    }
    expect(MSG.articles.savedCount(1)).toBe('1 article saved on your Saved coverage!');
    expect(MSG.articles.savedCount(3)).toBe('3 articles saved on your Saved coverage!');
    expect(MSG.videos.deletedCount(2)).toBe('2 videos deleted.');
  });
});
