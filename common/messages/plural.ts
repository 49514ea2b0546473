const PLURAL = new Intl.PluralRules('en');

/**
 * "1 outlet", "1,204 outlets", "0 articles": the count and its noun by the language's plural
 * rules (Intl.PluralRules), for every count message. `plural` names an irregular plural.
 */
export function count(n: number, word: string, plural = `${word}s`): string {
  return `${n.toLocaleString('en')} ${PLURAL.select(n) === 'one' ? word : plural}`;
}
