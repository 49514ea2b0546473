/**
 * The English names of language and country codes ("fr" → French, "BR" → Brazil), for the places
 * that show a code and must say what it stands for: the interface is English, whatever the browser's language.
 */
import { isKnownLanguage, languageName } from '../../common/reference';

// Made on first use: building the language names loads the browser's locale data, a long task
// (~40 ms, ~150 ms on a phone) a page that shows only the crawler's languages never needs.
let languageNames: Intl.DisplayNames | undefined;
let regionNames: Intl.DisplayNames | undefined;

/** A code that names nothing: empty, or the articles' "unknown" (the spec's default language). */
const isUnknown = (code: string | null | undefined): code is null | undefined | '' => !code || code.toLowerCase() === 'unknown';

function nameOf(names: Intl.DisplayNames, code: string): string {
  try {
    return names.of(code) ?? code;
  } catch {
    return code; // not a well-formed code: shown as it is
  }
}

/** "en" → "English", "pt-BR" → "Brazilian Portuguese"; null when the language is unknown. */
export function languageDisplayName(code: string | null | undefined): string | null {
  if (isUnknown(code)) return null;
  // The crawler's languages (common/reference) by their list; any other code by the browser's names.
  if (isKnownLanguage(code)) return languageName(code);
  return nameOf((languageNames ??= new Intl.DisplayNames(['en'], { type: 'language' })), code);
}

/** "US" → "United States"; null when there is no country. */
export function countryDisplayName(code: string | null | undefined): string | null {
  return isUnknown(code) ? null : nameOf((regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' })), code.toUpperCase());
}
