import { detectLanguage, toIso6391 } from '../../net/language.js';

/**
 * Is a headline English? The sentiment model (VADER) knows English words only: on any other
 * language it finds no word it knows and answers a confident "neutral (0.00)".
 *
 * The article's stored language decides when it is known (detected at ingestion from the feed's
 * declaration or from the headline and summary together). Without it, a headline alone is too
 * short for trigram identification (franc calls "Aurora Interactive unveils launch trailer"
 * French and "Nebula Quest review: a stunning space opera" Portuguese), so the guess is made on
 * what is reliable in a few words: the script, then the function words of the languages the
 * coverage is mostly in. A Latin headline with no sign of another language is read as English.
 */

// Short words that mark a language and are not English words (nor brand-like): articles,
// prepositions, conjunctions, common verbs.
const FUNCTION_WORDS: Record<string, string[]> = {
  en: [
    'the',
    'of',
    'and',
    'to',
    'for',
    'with',
    'is',
    'are',
    'was',
    'this',
    'that',
    'new',
    'your',
    'you',
    'its',
    'from',
    'by',
    'at',
    'as',
    'has',
    'have',
    'will',
    'how',
    'why',
    'what',
    'gets',
    'after',
    'over',
    'into',
    'about',
    'review',
    'first',
    'out',
    'now',
    'launch',
    'release',
    'announces',
    'unveils',
    'best',
  ],
  es: [
    'el',
    'los',
    'las',
    'del',
    'y',
    'en',
    'es',
    'de',
    'un',
    'una',
    'por',
    'para',
    'con',
    'que',
    'su',
    'sus',
    'nuevo',
    'nueva',
    'llega',
    'llegará',
    'ya',
    'más',
    'reseña',
    'análisis',
    'juego',
  ],
  fr: ['le', 'les', 'de', 'des', 'du', 'et', 'est', 'une', 'au', 'aux', 'pour', 'avec', 'sur', 'dans', 'pas', 'qui', 'nouveau', 'nouvelle', 'jeu', 'sortie'],
  de: ['der', 'das', 'und', 'ist', 'im', 'mit', 'ein', 'eine', 'den', 'dem', 'von', 'zu', 'für', 'auf', 'nicht', 'neue', 'neues', 'spiel', 'endlich'],
  it: ['il', 'di', 'che', 'per', 'gli', 'della', 'delle', 'nel', 'una', 'sono', 'anche', 'nuovo', 'recensione', 'gioco', 'arriva', 'uscita'],
  pt: ['o', 'os', 'de', 'da', 'das', 'dos', 'em', 'não', 'uma', 'para', 'com', 'é', 'novo', 'nova', 'análise', 'jogo', 'chega'],
  nl: ['het', 'een', 'van', 'en', 'de', 'met', 'voor', 'niet', 'nieuwe', 'spel'],
  sv: ['och', 'är', 'på', 'med', 'för', 'att', 'ett', 'inte', 'nya', 'spelet'],
  pl: ['w', 'na', 'się', 'nie', 'jest', 'do', 'nowa', 'nowy', 'gra', 'recenzja'],
  tr: ['ve', 'bir', 'bu', 'için', 'ile', 'yeni', 'oyun', 'inceleme'],
};
const WORD_LANGUAGES = new Map<string, string[]>();
for (const [lang, words] of Object.entries(FUNCTION_WORDS)) for (const w of words) WORD_LANGUAGES.set(w, [...(WORD_LANGUAGES.get(w) ?? []), lang]);

export interface HeadlineLanguage {
  /** True when sentiment can be read (English, or no sign of anything else). */
  english: boolean;
  /** ISO 639-1 when known or guessed; null when not. */
  language: string | null;
}

/** The language of a headline for the English-only sentiment model: the stored language first, else a guess. */
export function headlineLanguage(text: string, stored?: string | null): HeadlineLanguage {
  const known = stored && stored.toLowerCase() !== 'unknown' ? toIso6391(stored) : null;
  if (known) return { english: known === 'en', language: known };

  const letters = text.match(/\p{L}/gu) ?? [];
  const latin = text.match(/\p{Script=Latin}/gu) ?? [];
  if (letters.length && latin.length / letters.length < 0.5) {
    const detected = detectLanguage(text);
    return { english: false, language: detected === 'unknown' ? scriptLanguage(text) : detected };
  }

  const votes = new Map<string, number>();
  for (const word of text.toLowerCase().match(/[\p{L}']+/gu) ?? []) {
    for (const lang of WORD_LANGUAGES.get(word) ?? []) votes.set(lang, (votes.get(lang) ?? 0) + 1);
  }
  const en = votes.get('en') ?? 0;
  let best: [string, number] | null = null;
  for (const [lang, n] of votes) if (lang !== 'en' && n > en && (!best || n > best[1])) best = [lang, n];
  return best ? { english: false, language: best[0] } : { english: true, language: en ? 'en' : null };
}

/** Scripts that name their language well enough when trigrams cannot (short CJK headlines). */
function scriptLanguage(text: string): string | null {
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)) return 'ja';
  if (/\p{Script=Hangul}/u.test(text)) return 'ko';
  if (/\p{Script=Han}/u.test(text)) return 'zh';
  return null;
}
