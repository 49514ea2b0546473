import { describe, expect, it } from 'vitest';
import { buildDiscordMessages, buildSlackMessages, REPEAT_NOTE, withDiscordRepeatNote, withSlackRepeatNote } from './format.js';

const article = {
  title: 'Nebula patch notes',
  url: 'https://outlet.example/nebula',
  description: 'Notes',
  reach: 6.2,
  pubDate: new Date('2026-11-24T10:00:00Z'),
  domain: 'outlet.example',
};
const now = new Date('2026-11-24T10:05:00Z');

describe('the repeat note', () => {
  it('is added under a Slack message, inside its block limit, leaving the articles as they were', () => {
    const [{ message }] = buildSlackMessages(
      'Nebula',
      Array.from({ length: 20 }, () => article),
      now,
    );
    const noted = withSlackRepeatNote(message);
    expect(noted.blocks).toHaveLength(message.blocks!.length + 1);
    expect(noted.blocks!.length).toBeLessThanOrEqual(50);
    expect(noted.blocks!.slice(0, -1)).toEqual(message.blocks);
    expect(JSON.stringify(noted.blocks!.at(-1))).toContain(REPEAT_NOTE);
    expect(noted.text).toBe(message.text);
  });

  it('follows a Discord message content, embeds untouched, mentions still off', () => {
    const [{ message }] = buildDiscordMessages('Nebula', [article], now);
    const noted = withDiscordRepeatNote(message);
    expect(noted.content).toBe(`${message.content}\n*${REPEAT_NOTE}*`);
    expect(noted.content!.length).toBeLessThanOrEqual(2000);
    expect(noted.embeds).toEqual(message.embeds);
    expect(noted.allowed_mentions).toEqual({ parse: [] });
  });
});
