/**
 * The English names of language and country codes ("fr" → French, "BR" → Brazil), for the places
 * that show a code and must say what it stands for: the interface is English, whatever the browser's language.
 */
const LANGUAGE_NAMES = new Intl.DisplayNames(['en'], { type: 'language' });
const REGION_NAMES = new Intl.DisplayNames(['en'], { type: 'region' });

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
  return isUnknown(code) ? null : nameOf(LANGUAGE_NAMES, code);
}

/** "US" → "United States"; null when there is no country. */
export function countryDisplayName(code: string | null | undefined): string | null {
  return isUnknown(code) ? null : nameOf(REGION_NAMES, code.toUpperCase());
}
