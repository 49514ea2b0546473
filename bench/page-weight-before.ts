// The page weights recorded before issue 28's route splitting: bench/page-weight.ts's "before"
// column when no --before-dist is given (not a benchmark itself).
import type { FileSizes } from './page-weight.js';

export type Totals = FileSizes & { wire: number; files: number };

/**
 * main before issue 28's route splitting (commit d84de95): one 1.76 MB entry chunk for every page.
 * Measured by `npm run bench -- --only=page-weight --dist=/tmp/w-dist --before-dist=/tmp/w-base-dist`,
 * /tmp/w-base-dist being that commit's web app (`git archive d84de95 | tar -x -C /tmp/w-base`,
 * node_modules linked, `npx vite build --outDir /tmp/w-base-dist`) served by this checkout's server
 * (precompressed copies on): bytes raw, gzip and brotli (its files) and on the wire (CDP: brotli
 * body plus response headers), cold cache, until the page settles.
 */
export const BEFORE: Record<string, { js: Totals; css: Totals }> = {
  'public report /p/r/{id}': {
    js: { raw: 2857773, gzip: 889407, brotli: 735730, wire: 740682, files: 11 },
    css: { raw: 291792, gzip: 42346, brotli: 34878, wire: 35320, files: 1 },
  },
  login: {
    js: { raw: 1759854, gzip: 525540, brotli: 422305, wire: 423610, files: 3 },
    css: { raw: 291792, gzip: 42346, brotli: 34878, wire: 35320, files: 1 },
  },
  signup: {
    js: { raw: 1759854, gzip: 525540, brotli: 422305, wire: 423610, files: 3 },
    css: { raw: 291792, gzip: 42346, brotli: 34878, wire: 35320, files: 1 },
  },
  welcome: {
    js: { raw: 1759854, gzip: 525540, brotli: 422305, wire: 423610, files: 3 },
    css: { raw: 291792, gzip: 42346, brotli: 34878, wire: 35320, files: 1 },
  },
  'forgot-password': {
    js: { raw: 1759854, gzip: 525540, brotli: 422305, wire: 423610, files: 3 },
    css: { raw: 291792, gzip: 42346, brotli: 34878, wire: 35320, files: 1 },
  },
  'articles feed': {
    js: { raw: 1759854, gzip: 525540, brotli: 422305, wire: 423610, files: 3 },
    css: { raw: 291792, gzip: 42346, brotli: 34878, wire: 35320, files: 1 },
  },
  'saved coverage': {
    js: { raw: 1759854, gzip: 525540, brotli: 422305, wire: 423610, files: 3 },
    css: { raw: 291792, gzip: 42346, brotli: 34878, wire: 35320, files: 1 },
  },
  'youtube feed': {
    js: { raw: 1759854, gzip: 525540, brotli: 422305, wire: 423610, files: 3 },
    css: { raw: 291792, gzip: 42346, brotli: 34878, wire: 35320, files: 1 },
  },
  'saved videos': {
    js: { raw: 1759854, gzip: 525540, brotli: 422305, wire: 423610, files: 3 },
    css: { raw: 291792, gzip: 42346, brotli: 34878, wire: 35320, files: 1 },
  },
  'twitch feed': {
    js: { raw: 1759854, gzip: 525540, brotli: 422305, wire: 423610, files: 3 },
    css: { raw: 291792, gzip: 42346, brotli: 34878, wire: 35320, files: 1 },
  },
  'saved streams': {
    js: { raw: 1759854, gzip: 525540, brotli: 422305, wire: 423610, files: 3 },
    css: { raw: 291792, gzip: 42346, brotli: 34878, wire: 35320, files: 1 },
  },
  reports: {
    js: { raw: 1759854, gzip: 525540, brotli: 422305, wire: 423610, files: 3 },
    css: { raw: 291792, gzip: 42346, brotli: 34878, wire: 35320, files: 1 },
  },
  report: {
    js: { raw: 2857773, gzip: 889407, brotli: 735730, wire: 740682, files: 11 },
    css: { raw: 291792, gzip: 42346, brotli: 34878, wire: 35320, files: 1 },
  },
  'report editor': {
    js: { raw: 1759854, gzip: 525540, brotli: 422305, wire: 423610, files: 3 },
    css: { raw: 291792, gzip: 42346, brotli: 34878, wire: 35320, files: 1 },
  },
  'super search': {
    js: { raw: 1759854, gzip: 525540, brotli: 422305, wire: 423610, files: 3 },
    css: { raw: 291792, gzip: 42346, brotli: 34878, wire: 35320, files: 1 },
  },
  projects: {
    js: { raw: 1759854, gzip: 525540, brotli: 422305, wire: 423610, files: 3 },
    css: { raw: 291792, gzip: 42346, brotli: 34878, wire: 35320, files: 1 },
  },
  brands: {
    js: { raw: 1759854, gzip: 525540, brotli: 422305, wire: 423610, files: 3 },
    css: { raw: 291792, gzip: 42346, brotli: 34878, wire: 35320, files: 1 },
  },
  tags: { js: { raw: 1759854, gzip: 525540, brotli: 422305, wire: 423610, files: 3 }, css: { raw: 291792, gzip: 42346, brotli: 34878, wire: 35320, files: 1 } },
  websites: {
    js: { raw: 1759854, gzip: 525540, brotli: 422305, wire: 423610, files: 3 },
    css: { raw: 291792, gzip: 42346, brotli: 34878, wire: 35320, files: 1 },
  },
  website: {
    js: { raw: 1759854, gzip: 525540, brotli: 422305, wire: 423610, files: 3 },
    css: { raw: 291792, gzip: 42346, brotli: 34878, wire: 35320, files: 1 },
  },
  organization: {
    js: { raw: 1759854, gzip: 525540, brotli: 422305, wire: 423610, files: 3 },
    css: { raw: 291792, gzip: 42346, brotli: 34878, wire: 35320, files: 1 },
  },
  settings: {
    js: { raw: 1759854, gzip: 525540, brotli: 422305, wire: 423610, files: 3 },
    css: { raw: 291792, gzip: 42346, brotli: 34878, wire: 35320, files: 1 },
  },
};
