import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { extractTar, privateCacheDir, unpackOnce } from './unpack.js';

/**
 * The Chromium shipped in the npm package @sparticuz/chromium (a headless-shell build for Linux
 * x64), for machines with no system browser, and the CJK fonts the report PDFs need (Noto Sans
 * JP, SC and KR from @fontsource-variable), given to every browser we launch through fontconfig.
 * Both are unpacked on first use into a private cache folder (unpack.ts) and reused afterwards.
 *
 * The package's own `executablePath()` is not used: it unpacks to fixed names in the shared temp
 * directory (and runs whatever `/tmp/chromium` already holds), in place (a killed unpack leaves a
 * truncated binary that is run next time), and only on Lambda sets up the libraries and fonts.
 * Its recommended flags are not used either (see browser.ts).
 */
const require = createRequire(import.meta.url);
const brotli = promisify(zlib.brotliDecompress);

export interface LaunchTarget {
  executablePath: string;
  /** The browser process's environment (fonts; for the packaged build its libraries too). */
  env?: Record<string, string>;
}

/** The package ships a Linux x64 build only. */
export function packagedChromiumSupported(): boolean {
  return process.platform === 'linux' && process.arch === 'x64';
}

function packageDir(name: string): string {
  // The packages export no package.json; their entry point sits one folder down (build/, or index.css).
  let dir = path.dirname(require.resolve(name));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return dir;
}

const versionOf = (dir: string) => (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;

let packaged: Promise<LaunchTarget> | null = null;
let fonts: Promise<string> | null = null;

/** The packaged Chromium, unpacked at most once per process (and once per machine while it stays in the temp folder). */
export function packagedChromium(): Promise<LaunchTarget> {
  packaged ??= unpackChromium().catch((err) => {
    packaged = null;
    throw err;
  });
  return packaged;
}

async function unpackChromium(): Promise<LaunchTarget> {
  if (!packagedChromiumSupported())
    throw new Error(`the packaged Chromium is built for Linux x64 only (this is ${process.platform} ${process.arch}): set CHROMIUM_PATH`);
  const cache = await privateCacheDir();
  const pkg = packageDir('@sparticuz/chromium');
  const bin = path.join(pkg, 'bin');
  const dir = await unpackOnce(cache, `chromium@${versionOf(pkg)}`, async (target) => {
    await pipeline(
      fs.createReadStream(path.join(bin, 'chromium.br')),
      zlib.createBrotliDecompress(),
      fs.createWriteStream(path.join(target, 'chromium'), { mode: 0o700 }),
    );
    // Its Latin font (Open Sans), and the libraries a bare system lacks (NSS, NSPR, expat). The
    // SwiftShader GL libraries are left packed: we run with --disable-gpu and draw in software.
    await extractTar(await brotli(await fsp.readFile(path.join(bin, 'fonts.tar.br'))), target);
    await extractTar(await brotli(await fsp.readFile(path.join(bin, 'al2023.tar.br'))), target);
  });
  const cjk = await cjkFonts();
  const config = await writeFontconfig(cache, 'packaged', [
    `<dir>${xml(path.join(dir, 'fonts'))}</dir>`,
    `<dir>${xml(cjk)}</dir>`,
    ...CJK_NAMES,
    // No system configuration: the generic families name our fonts, Latin first.
    ...['sans-serif', 'serif', 'monospace', 'system-ui'].map(
      (generic) => `<alias><family>${generic}</family><prefer>${['Open Sans', ...CJK_FAMILIES].map((f) => `<family>${f}</family>`).join('')}</prefer></alias>`,
    ),
  ]);
  const libs = [path.join(dir, 'lib'), process.env.LD_LIBRARY_PATH].filter(Boolean).join(':');
  return { executablePath: path.join(dir, 'chromium'), env: { ...definedEnv(), LD_LIBRARY_PATH: libs, FONTCONFIG_FILE: config } };
}

/**
 * The environment for a system Chromium on Linux: its usual fonts plus ours, so CJK titles print
 * without the distribution's CJK fonts (with them, the report's font stack picks those first).
 */
export async function systemChromiumEnv(): Promise<Record<string, string> | undefined> {
  if (process.platform !== 'linux') return undefined;
  const cache = await privateCacheDir();
  const config = await writeFontconfig(cache, 'system', [
    `<include ignore_missing="yes">${xml(process.env.FONTCONFIG_FILE ?? '/etc/fonts/fonts.conf')}</include>`,
    `<dir>${xml(await cjkFonts())}</dir>`,
    ...CJK_NAMES,
  ]);
  return { ...definedEnv(), FONTCONFIG_FILE: config };
}

/** The families of the CJK fonts, as the report's font stack (common/report-fonts.ts) names the first. */
export const CJK_FAMILIES = ['Noto Sans JP', 'Noto Sans SC', 'Noto Sans KR'];
// The subsets name their family after the variable font's default instance ("Noto Sans JP Thin"):
// renamed when fontconfig reads them, so that a page asking for "Noto Sans JP" gets it.
const CJK_NAMES = CJK_FAMILIES.map(
  (family) =>
    `<match target="scan"><test name="family"><string>${family} Thin</string></test><edit name="family" mode="assign_replace"><string>${family}</string></edit></match>`,
);
const CJK_PACKAGES = ['@fontsource-variable/noto-sans-jp', '@fontsource-variable/noto-sans-sc', '@fontsource-variable/noto-sans-kr'];

/**
 * A folder of TrueType files fontconfig reads: the packages ship WOFF2 (which fontconfig does
 * not read), split by unicode-range into ~100 subsets each; decoded once (~0.4 s, 25 MB).
 */
export function cjkFonts(): Promise<string> {
  fonts ??= (async () => {
    const dirs = CJK_PACKAGES.map(packageDir);
    const stamp = createHash('sha256')
      .update(dirs.map((d) => `${path.basename(d)}@${versionOf(d)}`).join(','))
      .digest('hex')
      .slice(0, 12);
    return unpackOnce(await privateCacheDir(), `cjk-fonts@${stamp}`, async (target) => {
      const { decompress } = (await import('wawoff2')).default;
      for (const dir of dirs) {
        const files = path.join(dir, 'files');
        for (const file of (await fsp.readdir(files)).filter((f) => f.endsWith('.woff2'))) {
          await fsp.writeFile(path.join(target, file.replace(/\.woff2$/, '.ttf')), await decompress(await fsp.readFile(path.join(files, file))));
        }
        await fsp.copyFile(path.join(dir, 'LICENSE'), path.join(target, `LICENSE-${path.basename(dir)}`));
      }
    });
  })().catch((err) => {
    fonts = null;
    throw err;
  });
  return fonts;
}

/**
 * A fontconfig setup of its own folder (`fonts.conf` and the cache fontconfig writes beside it),
 * named after its content: fontconfig keeps what it read from a font folder in its cache, edits
 * included, so a changed setup starts with an empty cache.
 */
async function writeFontconfig(cache: string, kind: string, body: string[]): Promise<string> {
  const name = `fontconfig-${kind}@${createHash('sha256').update(body.join('\n')).digest('hex').slice(0, 12)}`;
  const dir = path.join(cache, name);
  const text = [
    '<?xml version="1.0"?>',
    '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
    '<fontconfig>',
    `  <cachedir>${xml(path.join(dir, 'cache'))}</cachedir>`,
    ...body.map((line) => `  ${line}`),
    '</fontconfig>',
    '',
  ].join('\n');
  await unpackOnce(cache, name, (target) => fsp.writeFile(path.join(target, 'fonts.conf'), text, { mode: 0o600 }));
  return path.join(dir, 'fonts.conf');
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function definedEnv(): Record<string, string> {
  return Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
}
