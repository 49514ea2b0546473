import { franc } from 'franc-min';

/**
 * Offline language identification of article text, and normalisation of the language codes
 * feeds declare ("en-US", "fre", "deu") to ISO 639-1, the codes stored on articles.
 */

// ISO 639-3 (franc-min's output) and ISO 639-2 B/T codes → ISO 639-1. Languages without a
// two-letter code (Bhojpuri, Cebuano, …) are absent and come out as 'unknown'.
const TO_639_1: Record<string, string> = {
  arb: 'ar',
  ara: 'ar',
  azj: 'az',
  aze: 'az',
  bel: 'be',
  bos: 'bs',
  bul: 'bg',
  ces: 'cs',
  cze: 'cs',
  ckb: 'ku',
  kur: 'ku',
  deu: 'de',
  ger: 'de',
  eng: 'en',
  fra: 'fr',
  fre: 'fr',
  fuv: 'ff',
  ful: 'ff',
  hau: 'ha',
  hin: 'hi',
  hrv: 'hr',
  hun: 'hu',
  ibo: 'ig',
  ind: 'id',
  ita: 'it',
  jav: 'jv',
  kaz: 'kk',
  kin: 'rw',
  koi: 'kv',
  kom: 'kv',
  lin: 'ln',
  mar: 'mr',
  nld: 'nl',
  dut: 'nl',
  npi: 'ne',
  nep: 'ne',
  nya: 'ny',
  pbu: 'ps',
  pus: 'ps',
  pes: 'fa',
  fas: 'fa',
  per: 'fa',
  plt: 'mg',
  mlg: 'mg',
  pol: 'pl',
  por: 'pt',
  qug: 'qu',
  que: 'qu',
  ron: 'ro',
  rum: 'ro',
  run: 'rn',
  rus: 'ru',
  som: 'so',
  spa: 'es',
  srp: 'sr',
  sun: 'su',
  swe: 'sv',
  swh: 'sw',
  swa: 'sw',
  tgl: 'tl',
  fil: 'tl',
  tur: 'tr',
  ukr: 'uk',
  urd: 'ur',
  uzn: 'uz',
  uzb: 'uz',
  vie: 'vi',
  yor: 'yo',
  zlm: 'ms',
  msa: 'ms',
  may: 'ms',
  zul: 'zu',
  zyb: 'za',
  zha: 'za',
  cmn: 'zh',
  zho: 'zh',
  chi: 'zh',
  ben: 'bn',
  jpn: 'ja',
  kor: 'ko',
  tel: 'te',
  tam: 'ta',
  guj: 'gu',
  kan: 'kn',
  mal: 'ml',
  mya: 'my',
  bur: 'my',
  pan: 'pa',
  amh: 'am',
  tha: 'th',
  sin: 'si',
  ell: 'el',
  gre: 'el',
  dan: 'da',
  fin: 'fi',
  nor: 'no',
  nob: 'nb',
  nno: 'nn',
  heb: 'he',
  cat: 'ca',
  est: 'et',
  lav: 'lv',
  lit: 'lt',
  slv: 'sl',
  slk: 'sk',
  slo: 'sk',
  isl: 'is',
  ice: 'is',
  gle: 'ga',
  cym: 'cy',
  wel: 'cy',
  eus: 'eu',
  baq: 'eu',
  glg: 'gl',
  mkd: 'mk',
  mac: 'mk',
  sqi: 'sq',
  alb: 'sq',
  hye: 'hy',
  arm: 'hy',
  kat: 'ka',
  geo: 'ka',
  afr: 'af',
  lat: 'la',
  epo: 'eo',
};

/**
 * A declared language tag as ISO 639-1 lower case ("en-US" → "en", "deu" → "de"), or null when
 * it is not a language we can name with two letters.
 */
export function toIso6391(tag: string | null | undefined): string | null {
  if (!tag) return null;
  const primary = tag
    .trim()
    .toLowerCase()
    .split(/[-_\s]/)[0];
  if (/^[a-z]{2}$/.test(primary)) return primary === 'iw' ? 'he' : primary === 'in' ? 'id' : primary;
  if (/^[a-z]{3}$/.test(primary)) return TO_639_1[primary] ?? null;
  return null;
}

/** Shorter texts are guessed wrong too often to be worth a guess. */
const MIN_LENGTH = 20;

/** The ISO 639-1 code of `text`'s language, or 'unknown' (too short, or not identifiable). */
export function detectLanguage(text: string): string {
  // URLs and numbers say nothing about the language and skew the trigram counts.
  const clean = text
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/[\d\s\p{P}\p{S}]+/gu, ' ')
    .trim();
  if (clean.length < MIN_LENGTH) return 'unknown';
  const code = franc(clean, { minLength: MIN_LENGTH });
  return TO_639_1[code] ?? 'unknown';
}
