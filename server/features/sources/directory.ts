import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { z } from 'zod';
import { COUNTRIES, isKnownLanguage, languageName } from '../../../common/reference.js';
import { SOURCE_CATEGORIES, SOURCE_CATEGORY_LABELS, type SourceCategory } from '../../../common/schemas/sources.js';
import { domainOf } from '../../../common/url.js';
import { DEFAULT_MEDIATYPES } from '../reference/service.js';

/**
 * The outlet directory shipped with the product (outlets.json beside this file): real outlets
 * games PR follows, each with its feeds or news sitemap, grouped into packs (language ×
 * category). Loaded at start into ordinary websites and feeds (directory-sync.ts), disabled
 * until the operator enables their pack.
 */

const countryCodes = new Set(COUNTRIES.map((c) => c.code));
const httpUrl = z
  .string()
  .url()
  .refine((u) => /^https?:\/\/[^/]+/i.test(u), 'an http(s) URL');

export const directoryFeedSchema = z.object({
  url: httpUrl,
  label: z.string().min(1).max(60),
  type: z.enum(['feed', 'news_sitemap']),
});

export const directoryOutletSchema = z
  .object({
    domain: z.string().regex(/^(?!www\.)[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'a lower-case host without www.'),
    name: z.string().trim().min(1).max(120),
    language: z.string().refine((l) => l !== 'unknown' && isKnownLanguage(l), 'a known ISO 639-1 language'),
    country: z.string().refine((c) => countryCodes.has(c), 'an ISO 3166-1 alpha-2 country'),
    media_type: z.enum(DEFAULT_MEDIATYPES),
    category: z.enum(SOURCE_CATEGORIES),
    feeds: z.array(directoryFeedSchema).min(1).max(5),
    source: z.string().min(3).max(300),
    written: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  })
  .strict()
  .refine((o) => domainOf(o.domain) === o.domain, { message: 'the domain as domainOf writes it', path: ['domain'] });

export const directoryFileSchema = z.object({ about: z.string(), outlets: z.array(directoryOutletSchema).min(1) }).strict();

export type DirectoryOutlet = z.infer<typeof directoryOutletSchema>;

export interface DirectoryPack {
  id: string;
  name: string;
  language: string;
  category: SourceCategory;
}

export interface Directory {
  outlets: DirectoryOutlet[];
  packs: DirectoryPack[];
  /** A hash of the file: a start with the same directory as the last one has nothing to sync. */
  version: string;
}

export const DIRECTORY_FILE = new URL('./outlets.json', import.meta.url);

/** The pack of an outlet: one category in one language. */
export const packIdOf = (o: Pick<DirectoryOutlet, 'category' | 'language'>) => `${o.category}-${o.language}`;

export function packOf(o: Pick<DirectoryOutlet, 'category' | 'language'>): DirectoryPack {
  return { id: packIdOf(o), name: `${SOURCE_CATEGORY_LABELS[o.category]} — ${languageName(o.language)}`, language: o.language, category: o.category };
}

/**
 * Reads and checks the directory file. Throws on a file that breaks the schema or repeats a
 * domain or a feed address: a release with a broken directory must fail its tests, not start.
 */
export function loadDirectory(file: URL | string = DIRECTORY_FILE): Directory {
  const text = fs.readFileSync(file, 'utf8');
  const { outlets } = directoryFileSchema.parse(JSON.parse(text));
  const domains = new Set<string>();
  const urls = new Set<string>();
  for (const o of outlets) {
    if (domains.has(o.domain)) throw new Error(`The outlet directory lists ${o.domain} twice`);
    domains.add(o.domain);
    for (const f of o.feeds) {
      if (urls.has(f.url)) throw new Error(`The outlet directory lists the feed ${f.url} twice`);
      urls.add(f.url);
    }
  }
  const packs = new Map<string, DirectoryPack>();
  for (const o of outlets) if (!packs.has(packIdOf(o))) packs.set(packIdOf(o), packOf(o));
  return { outlets, packs: [...packs.values()], version: createHash('sha256').update(text).digest('hex').slice(0, 16) };
}
