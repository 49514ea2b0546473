import { describe, expect, it } from 'vitest';
import { describeQuery } from './describe.js';

describe('describeQuery', () => {
  it('reads the keywords form’s queries as a sentence', () => {
    expect(describeQuery('+"Starfall"')).toBe('Starfall');
    expect(describeQuery('+("starfall" "nebula games")')).toBe('any of: starfall, nebula games');
    expect(describeQuery('+"lumen audio" -"lumen audio careers"')).toBe('lumen audio · not: lumen audio careers');
    expect(describeQuery('+"acme" +"launch" +("pc" "console") -"job"')).toBe('all of: acme, launch · and any of: pc, console · not: job');
  });

  it('puts an advanced query in words, not syntax', () => {
    expect(describeQuery('(halo OR "master chief") AND NOT leak')).toBe('(halo or “master chief”), not leak');
    expect(describeQuery('nintend*')).toBe('nintend…');
    const sentence = describeQuery('+(a b) -c');
    expect(sentence).not.toMatch(/[+"()-]{2}/);
  });

  it('returns what does not parse as it is, and nothing for nothing', () => {
    expect(describeQuery('"unclosed')).toBe('"unclosed');
    expect(describeQuery('  ')).toBe('');
  });
});
