import { describe, expect, it } from 'vitest';
import { possessive, truncate } from './text';

describe('text', () => {
  it('makes the possessive of names, with the apostrophe alone after an s', () => {
    expect(possessive('Starfall')).toBe('Starfall’s');
    expect(possessive('Nebula Games')).toBe('Nebula Games’');
    expect(possessive('ATLAS ')).toBe('ATLAS’');
  });

  it('cuts with an ellipsis', () => {
    expect(truncate('abcdef', 4)).toBe('abc…');
    expect(truncate(null, 4)).toBe('');
  });
});
