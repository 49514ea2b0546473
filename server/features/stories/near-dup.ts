/**
 * Stories, not copies (issue 32): the pure near-duplicate detection the ingest uses to group
 * articles that carry the same story (a syndicated wire piece, one press release run by several
 * outlets, regional editions of one article). No database here: the ingest stores
 * `storyBandKeys(fp)` in an indexed column, looks up the articles of the last
 * `STORY_WINDOW_HOURS` that share a key, and calls `sameStory` on each candidate.
 *
 * The choice, and why (measured on fixtures/labelled-pairs.json, see near-dup.test.ts):
 *
 * - Text. `normaliseForStory` folds title and description (NFKC, lower case, Latin accents,
 *   digit-group separators, apostrophes inside words) and removes what outlets add to a copy:
 *   a trailing " - Outlet" / " | Outlet" of at most four words, a trailing "(…)" label, a
 *   leading "EXCLUSIVE-" / "UPDATE 2-" / "【速報】" tag, and, in the description, a dateline or
 *   wire credit ("LONDON (Reuters) -", "SEOUL, Aug. 6, 2025 /PRNewswire/ --", "【時事通信】") or a
 *   byline ("By Jane Doe:"). The title and the description stay apart (a title never shingles
 *   into its description).
 * - Shingles. Tokens are words; in scripts written without spaces (Han, kana, Thai, Lao, Khmer,
 *   Myanmar) each character is a token. A shingle is 3 consecutive words, or 4 consecutive
 *   characters in a text whose tokens are mostly such characters (a Japanese or Chinese word is
 *   about two characters; character 3-grams let "2024"/"2025" or "上昇"/"下落" headlines through),
 *   hashed to 32 bits. One changed word ("rise"/"fall", "36.10"/"36.20") removes up to three
 *   shingles: that keeps same-entity headlines apart, while an outlet suffix, a dateline or a cut
 *   description leaves the copy's shingles in place.
 * - Decision: `storySimilarity(a, b) ≥ SAME_STORY_THRESHOLD` (0.8). The score is a Jaccard
 *   similarity of exact shingle sets (the candidates' titles and descriptions are at hand in the
 *   ingest, so no MinHash estimate with its ±0.1 noise). With both descriptions: the larger of
 *   J(title + description) and J(description), each description first cut to the length of the
 *   shorter one (a feed that cuts at "…" or an outlet that appends a sentence still matches; a
 *   rewritten headline over the same wire lead still matches). With either description missing:
 *   J(titles), so a title-only copy still joins its story.
 * - Threshold: swept over 0.40…0.90 on the odd-numbered half of the labelled set (recall 0.985 for
 *   any t in 0.75…0.85); 0.8 is the middle of that plateau. Held out (even-numbered half):
 *   recall 0.955, wrong merges 0.018. Whole set: recall 0.969, wrong merges 0.027 (three: two
 *   pairs of identical title-only review headlines from different outlets, which no text method
 *   can tell apart, and "… the series is back" / "… the series is back, mostly").
 * - Not SimHash: a 64-bit SimHash over the same shingles, with 4 bands of 16 bits (Hamming ≤ 3),
 *   found 60 % of the labelled copies (wrong merges 1.8 %); to reach 90 % recall it needs
 *   Hamming ≤ 18, where wrong merges are 22 %. A rewritten headline over the same lead moves
 *   too many bits.
 * - Candidates (`storyBandKeys`). MinHash LSH: one signature over the title's shingles and one
 *   over the description's opening (its first 12 shingles, about 14 words: what a copy cut at
 *   "…" keeps, so a rewritten headline over a cut wire lead is still found), 8 bands of 3 rows
 *   each (48 minima in all). A band key is the band's
 *   number and a 32-bit hash of its rows as one integer in [0, 2^40): a safe JS number and a
 *   PostgreSQL `bigint` (an indexed `bigint[]` with GIN, or a side table with a b-tree). Two
 *   texts at Jaccard J share a band with probability J³, at least one of 8 with 1 − (1 − J³)⁸:
 *   99.7 % at J = 0.8 (the decision's threshold), 86 % at J = 0.6, but 6 % at J = 0.2 (2 rows
 *   gave 28 % there: template headlines then filled buckets of thousands, bench/stories.ts).
 *   The ingest ranks candidates by keys shared and decides on `MAX_STORY_CANDIDATES`.
 * - Time window: `STORY_WINDOW_HOURS` (72 h): a wire story is re-run for a day or two; a week later
 *   the same headline is more likely a new story (a quarterly release, a monthly line-up).
 */

/** How far back the ingest looks for an article of the same story (hours; applied in SQL). */
export const STORY_WINDOW_HOURS = 72;
/** Words per shingle. */
export const SHINGLE_SIZE = 3;
/** Characters per shingle in text written without spaces (Han, kana, Thai: a word is about two characters). */
export const UNSPACED_SHINGLE_SIZE = 4;
/** `storySimilarity` at or above this: the same story. */
export const SAME_STORY_THRESHOLD = 0.8;
/**
 * The ingest decides on at most this many candidates: those sharing the most band keys first (in
 * SQL: group the window's matches by article, order by count(*) desc, limit). Sharing keys is
 * itself an estimate of similarity; this bounds the cost for template headlines ("… shares rise
 * N% after …", a monthly line-up) whose buckets hold hundreds of other stories.
 */
export const MAX_STORY_CANDIDATES = 32;
/** MinHash rows per LSH band. */
export const BAND_ROWS = 3;
/** LSH bands over the title's shingles, and over the description's opening. */
export const TITLE_BANDS = 8;
export const LEAD_BANDS = 8;
/** The description's opening that the lead bands hash: its first shingles (about 14 words), which every cut copy keeps. */
export const LEAD_SHINGLES = 12;

// ---------------------------------------------------------------------------------------------
// Normalisation

const UNSPACED = String.raw`\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}\u30FC`;
const TOKEN_RE = new RegExp(String.raw`[${UNSPACED}]\p{M}*|(?:(?![${UNSPACED}])[\p{L}\p{N}\p{M}])+`, 'gu');

// Tags a wire or an outlet puts before a headline ("EXCLUSIVE-", "UPDATE 2-", "Breaking:").
const LEADING_TAG_RE =
  /^(?:(?:exclusive|exklusiv|exclusif|exclusiva|exclusivo|esclusiva|breaking(?: news)?|eilmeldung|urgent|última hora|ultima hora|update(?: \d+)?|factbox|analysis|live|watch|video|vidéo)\s*[-:–—|]\s*)+/iu;
// A bracketed tag before a Japanese or Chinese headline: 【速報】, [Video].
const LEADING_BRACKET_RE = /^\s*(?:【[^】]{1,12}】|\[[^\]]{1,20}\])\s*/u;
// A trailing label: "(Exclusive)", "(UK)", "(共同通信)" (NFKC turns full-width brackets into ASCII).
const TRAILING_LABEL_RE = /[([【][^()[\]【】]{1,30}[)\]】]\s*$/u;
// A separator before an outlet's name: " - ", " – ", " — ", " -- " (spaces around), or a pipe (none needed, "｜Outlet").
const SEPARATOR_RE = /(?<=\s)[-–—]{1,2}(?=\s)|\|/gu;
const MAX_SUFFIX_WORDS = 4;
const MAX_SUFFIX_CHARS = 40;

// Wire datelines and credits that open a description.
const DESCRIPTION_PREFIXES = [
  // "KYOTO, Japan (Reuters) - ", "(Bloomberg) -- ", "SAN FRANCISCO--(BUSINESS WIRE)--", "MADRID, 2 jul (EFE).- "
  /^[^()\n]{0,60}\([^()\n]{1,20}\)\s*(?:\.\s*)?[-–—]+\s*/u,
  // "SEOUL, Aug. 6, 2025 /PRNewswire/ -- "
  /^[^/\n]{0,80}\/\s*[^/\s]{2,24}\s*\/\s*[-–—]*\s*/u,
  // "(서울=연합뉴스) ", "【時事通信】"
  /^\s*(?:\([^()\n]{1,20}=[^()\n]{1,20}\)|【[^】\n]{1,12}】)\s*/u,
  // "ROMA, 31 LUG - " (what an "(ANSA) - " credit leaves), "PARIS - "
  /^\p{Lu}[\p{Lu}.'’/-]*(?: [\p{Lu}.'’/-]+){0,3}(?:,(?: [\p{L}\d.]+){1,4})?\s+[-–—]+\s*/u,
  // A press release's place and date: "Berlin, 12. März 2025 – ", "Lesquin, le 29 avril 2025 – ", "Madrid, 18 de agosto de 2025. "
  /^\p{Lu}[\p{L}/ .'’-]{1,40},\s*[^–—\n]{0,30}?\b(?:19|20)\d\d\s*[-–—.:]+\s*/u,
  // A byline: "By Jane Doe and John Roe: ", "Von Andreas Müller: "
  /^(?:[Bb]y|[Vv]on|[Pp]ar|[Pp]or|[Dd]i|[Dd]oor) \p{Lu}[\p{L}.'’-]*(?: (?:and |und |et |en |[ye&] )?\p{Lu}[\p{L}.'’-]*){0,5} ?[:|—–-]\s*/u,
];

/** NFKC, digit groups joined ("9,000" / "9.000" → "9000"), curly apostrophes straightened. */
function prepare(text: string): string {
  return text
    .replace(/(\d)[,. \u00A0\u202F\u2009'’](?=\d{3}(?!\d))/g, '$1')
    .normalize('NFKC')
    .replace(/[’‘`´]/g, "'")
    .trim();
}

/** Lower case, Latin/Greek/Cyrillic accents off (kana voicing and Thai/Indic marks stay), apostrophes inside words off. */
function fold(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036F]/g, '')
    .normalize('NFC')
    .replace(/(?<=[\p{L}\p{N}])'(?=[\p{L}\p{N}])/gu, '');
}

const words = (text: string) => text.match(TOKEN_RE) ?? [];
const UNSPACED_RE = new RegExp(`^[${UNSPACED}]`, 'u');

/** Tokens back to text: single spaces between words, none inside a run of Han/kana/Thai characters. */
function joinTokens(tokens: string[]): string {
  let out = '';
  let previousUnspaced = false;
  for (const token of tokens) {
    const unspaced = UNSPACED_RE.test(token);
    if (out && !(unspaced && previousUnspaced)) out += ' ';
    out += token;
    previousUnspaced = unspaced;
  }
  return out;
}

/** A headline without what outlets add to a copy: tags before it, labels and outlet names after it. */
export function normaliseTitle(title: string): string {
  let t = prepare(title);
  for (let i = 0; i < 3; i++) {
    const before = t;
    t = t.replace(LEADING_BRACKET_RE, '').replace(LEADING_TAG_RE, '');
    const label = TRAILING_LABEL_RE.exec(t);
    if (label && words(t.slice(0, label.index)).length >= 2) t = t.slice(0, label.index);
    const separators = [...t.matchAll(SEPARATOR_RE)];
    const last = separators[separators.length - 1];
    if (last) {
      const name = t.slice(last.index + last[0].length).trim();
      const rest = t.slice(0, last.index).trim();
      if (name.length <= MAX_SUFFIX_CHARS && name.split(/\s+/).length <= MAX_SUFFIX_WORDS && words(rest).length >= 3) t = rest;
    }
    t = t.trim();
    if (t === before) break;
  }
  return joinTokens(words(fold(t)));
}

/** A description without its dateline, wire credit or byline. */
export function normaliseDescription(description: string | null | undefined): string {
  let d = prepare(description ?? '');
  for (let i = 0; i < 3; i++) {
    const before = d;
    for (const re of DESCRIPTION_PREFIXES) {
      const m = re.exec(d);
      // Never strip the whole lead: a dateline is followed by the story.
      if (m && words(d.slice(m[0].length)).length >= 3) d = d.slice(m[0].length);
    }
    if (d === before) break;
  }
  return joinTokens(words(fold(d)));
}

/**
 * The text the story detection compares: the normalised title, a newline, the normalised
 * description (none: the title alone). Words are separated by single spaces, punctuation is
 * gone; in Han/kana/Thai text every character is a word of its own for the shingles, but the
 * string keeps them as written.
 */
export function normaliseForStory(title: string, description?: string | null): string {
  const t = normaliseTitle(title);
  const d = normaliseDescription(description);
  return d ? `${t}\n${d}` : t;
}

// ---------------------------------------------------------------------------------------------
// Shingles and fingerprints

/** FNV-1a over UTF-16 code units, then a final avalanche (murmur3's fmix32). */
function hash32(s: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return fmix32(h);
}

function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Tokens of normalised text: words, and single characters of scripts without spaces. */
function storyTokens(normalised: string): string[] {
  return normalised.match(TOKEN_RE) ?? [];
}

/** Shingle size for a text: `SHINGLE_SIZE` words, or `UNSPACED_SHINGLE_SIZE` characters where most tokens are Han/kana/Thai characters. */
function shingleSize(tokens: string[]): number {
  let unspaced = 0;
  for (const t of tokens) if (UNSPACED_RE.test(t)) unspaced++;
  return unspaced * 2 > tokens.length ? UNSPACED_SHINGLE_SIZE : SHINGLE_SIZE;
}

/** The 32-bit hashes of the k-token shingles in text order (fewer tokens than k: one shingle of them all). */
function shingleSequence(tokens: string[], k: number): Uint32Array {
  if (!tokens.length) return new Uint32Array(0);
  const n = Math.max(1, tokens.length - k + 1);
  const out = new Uint32Array(n);
  for (let i = 0; i < n; i++) out[i] = hash32(tokens.slice(i, i + k).join(' '));
  return out;
}

/** Sorted, distinct. */
function toSet(values: Uint32Array): Uint32Array {
  const out = Uint32Array.from(values).sort();
  let w = 0;
  for (let i = 0; i < out.length; i++) if (i === 0 || out[i] !== out[w - 1]) out[w++] = out[i];
  return out.slice(0, w);
}

export interface StoryFingerprint {
  /** Sorted distinct shingle hashes of the normalised title. */
  title: Uint32Array;
  /** Shingle hashes of the normalised description in text order (empty: none). */
  description: Uint32Array;
  /** LSH band keys (see `storyBandKeys`). */
  bands: number[];
}

// Seeds of the MinHash functions: fixed, so a key stored today is found by tomorrow's code.
const SEEDS = Array.from({ length: Math.max(TITLE_BANDS, LEAD_BANDS) * BAND_ROWS }, (_, i) => fmix32((i + 1) * 0x9e3779b9));

function minhash(sets: Uint32Array[], count: number): Uint32Array {
  const sig = new Uint32Array(count).fill(0xffffffff);
  for (const set of sets) {
    for (let j = 0; j < set.length; j++) {
      const x = set[j];
      for (let i = 0; i < count; i++) {
        const v = fmix32(x ^ SEEDS[i]);
        if (v < sig[i]) sig[i] = v;
      }
    }
  }
  return sig;
}

function bandKeys(sig: Uint32Array, firstBand: number, out: number[]) {
  for (let b = 0; b * BAND_ROWS < sig.length; b++) {
    let h = 0x811c9dc5 ^ (firstBand + b);
    for (let r = 0; r < BAND_ROWS; r++) h = fmix32(Math.imul(h ^ sig[b * BAND_ROWS + r], 0x01000193));
    // Band number in bits 32..39, the rows' hash below: distinct bands never share a key.
    out.push((firstBand + b) * 2 ** 32 + h);
  }
}

/** The fingerprint of an article: its shingles and LSH band keys. Deterministic; pure. */
export function storyFingerprint(title: string, description?: string | null): StoryFingerprint {
  const titleTokens = storyTokens(normaliseTitle(title));
  const descriptionTokens = storyTokens(normaliseDescription(description));
  const k = shingleSize(titleTokens.concat(descriptionTokens));
  const t = toSet(shingleSequence(titleTokens, k));
  const d = shingleSequence(descriptionTokens, k);
  const bands: number[] = [];
  if (t.length) bandKeys(minhash([t], TITLE_BANDS * BAND_ROWS), 0, bands);
  if (d.length) bandKeys(minhash([toSet(d.subarray(0, LEAD_SHINGLES))], LEAD_BANDS * BAND_ROWS), TITLE_BANDS, bands);
  return { title: t, description: d, bands };
}

/**
 * The keys the ingest stores (an indexed `bigint[]` column, or a side table) and looks up: an
 * article of the same story within the window shares at least one with high probability.
 * A function of the fingerprint only. Title-only articles have `TITLE_BANDS` keys, the others
 * `TITLE_BANDS + LEAD_BANDS`; every key is an integer in [0, 2^40).
 */
export function storyBandKeys(fp: StoryFingerprint): number[] {
  return fp.bands;
}

// ---------------------------------------------------------------------------------------------
// Decision

function intersection(a: Uint32Array, b: Uint32Array): number {
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      n++;
      i++;
      j++;
    } else if (a[i] < b[j]) i++;
    else j++;
  }
  return n;
}

function jaccard(a: Uint32Array, b: Uint32Array): number {
  if (!a.length && !b.length) return 0;
  const shared = intersection(a, b);
  return shared / (a.length + b.length - shared);
}

function union(a: Uint32Array, b: Uint32Array): Uint32Array {
  const out = new Uint32Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  out.sort();
  let w = 0;
  for (let i = 0; i < out.length; i++) if (i === 0 || out[i] !== out[w - 1]) out[w++] = out[i];
  return out.slice(0, w);
}

/**
 * How alike two articles are as copies of one story, 0…1: the Jaccard similarity of their
 * shingles. Both with a description: the larger of the similarity of title + description and
 * that of the descriptions alone, each description first cut to the shorter one's length (a feed
 * that cuts its description at "…", or an outlet that adds a sentence, still matches). Either
 * without: the titles alone.
 */
export function storySimilarity(a: StoryFingerprint, b: StoryFingerprint): number {
  if (!a.description.length || !b.description.length) return jaccard(a.title, b.title);
  const n = Math.min(a.description.length, b.description.length);
  const da = toSet(a.description.subarray(0, n));
  const db = toSet(b.description.subarray(0, n));
  return Math.max(jaccard(union(a.title, da), union(b.title, db)), jaccard(da, db));
}

/**
 * The decision for two articles of one outlet: their headlines alone. An outlet may give every
 * article the same summary ("Everything you need to know…"): that makes no story; its own
 * re-run of a headline ("UPDATE 1-…") does.
 */
export function sameHeadline(a: StoryFingerprint, b: StoryFingerprint): boolean {
  return jaccard(a.title, b.title) >= SAME_STORY_THRESHOLD;
}

/** The ingest's decision on a candidate found by band keys: the same story? */
export function sameStory(a: StoryFingerprint, b: StoryFingerprint): boolean {
  return storySimilarity(a, b) >= SAME_STORY_THRESHOLD;
}
