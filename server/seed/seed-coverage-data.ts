/**
 * Material for the demo archive: real outlets (with their public feed addresses and traffic in
 * the right order of magnitude) and headline templates about the demo brands and the games
 * industry around them. The articles themselves are generated (seeded), so every start of the
 * demo looks the same. A new user judges the product by this data, so it must read as real
 * coverage: every headline wholly in its outlet's language (month names included), one launch
 * date per product in every headline that names it, reviews after the launch and announcements
 * before it, and no headline printed twice (seed-coverage.test.ts checks these rules). The
 * tables keep one entry a line (`prettier-ignore`), so they read as tables.
 */
export interface DemoOutlet {
  domain: string;
  name: string;
  feed: string;
  muv: number;
  language: DemoLanguage;
  mediatype: string;
  metacritic?: boolean;
  countries: [string, number][]; // country, share of visits
  categories: [string, number][];
  authors: string[];
  twitter?: string;
}

/** Demo outlets on the EA list (websites.is_ea): what the EA-only feed filter keeps. */
export const EA_OUTLETS = new Set(['ign.com', 'gamespot.com', 'eurogamer.net', 'pcgamer.com', 'gamestar.de', 'jeuxvideo.com']);

// prettier-ignore
const gaming: [string, number][] = [['Games', 0.82], ['Technology', 0.11], ['Entertainment', 0.07]];
// prettier-ignore
const tech: [string, number][] = [['Technology', 0.64], ['Consumer electronics', 0.22], ['Games', 0.14]];

// prettier-ignore
export const DEMO_OUTLETS: DemoOutlet[] = [
  { domain: 'ign.com', name: 'IGN', feed: 'https://feeds.feedburner.com/ign/all', muv: 82_000_000, language: 'en', mediatype: 'Gaming site', metacritic: true, countries: [['US', 0.52], ['GB', 0.09], ['CA', 0.06], ['IN', 0.05], ['AU', 0.04]], categories: gaming, authors: ['Mitchell Saltzman', 'Tom Marks', 'Rebekah Valentine'], twitter: 'IGN' },
  { domain: 'gamespot.com', name: 'GameSpot', feed: 'https://www.gamespot.com/feeds/mashup/', muv: 41_000_000, language: 'en', mediatype: 'Gaming site', metacritic: true, countries: [['US', 0.55], ['GB', 0.08], ['CA', 0.07], ['AU', 0.04]], categories: gaming, authors: ['Phil Hornshaw', 'Jordan Ramée'], twitter: 'GameSpot' },
  { domain: 'polygon.com', name: 'Polygon', feed: 'https://www.polygon.com/rss/index.xml', muv: 19_000_000, language: 'en', mediatype: 'Gaming site', metacritic: true, countries: [['US', 0.61], ['GB', 0.08], ['CA', 0.07]], categories: gaming, authors: ['Ana Diaz', 'Cass Marshall'], twitter: 'Polygon' },
  { domain: 'kotaku.com', name: 'Kotaku', feed: 'https://kotaku.com/rss', muv: 23_000_000, language: 'en', mediatype: 'Gaming site', countries: [['US', 0.58], ['GB', 0.07], ['CA', 0.06]], categories: gaming, authors: ['Ethan Gach', 'Zack Zwiezen'], twitter: 'Kotaku' },
  { domain: 'pcgamer.com', name: 'PC Gamer', feed: 'https://www.pcgamer.com/rss/', muv: 31_000_000, language: 'en', mediatype: 'Gaming site', metacritic: true, countries: [['US', 0.41], ['GB', 0.14], ['DE', 0.05], ['CA', 0.05]], categories: gaming, authors: ['Wes Fenlon', 'Rick Lane'], twitter: 'pcgamer' },
  { domain: 'eurogamer.net', name: 'Eurogamer', feed: 'https://www.eurogamer.net/feed', muv: 9_500_000, language: 'en', mediatype: 'Gaming site', metacritic: true, countries: [['GB', 0.44], ['US', 0.18], ['DE', 0.05]], categories: gaming, authors: ['Victoria Kennedy', 'Christian Donlan'], twitter: 'eurogamer' },
  { domain: 'rockpapershotgun.com', name: 'Rock Paper Shotgun', feed: 'https://www.rockpapershotgun.com/feed', muv: 7_800_000, language: 'en', mediatype: 'Gaming site', metacritic: true, countries: [['GB', 0.38], ['US', 0.27]], categories: gaming, authors: ['Edwin Evans-Thirlwell', 'Ollie Toms'] },
  { domain: 'theverge.com', name: 'The Verge', feed: 'https://www.theverge.com/rss/index.xml', muv: 58_000_000, language: 'en', mediatype: 'Tech site', countries: [['US', 0.63], ['GB', 0.07], ['IN', 0.05]], categories: tech, authors: ['Tom Warren', 'Chris Welch', 'Jay Peters'], twitter: 'verge' },
  { domain: 'engadget.com', name: 'Engadget', feed: 'https://www.engadget.com/rss.xml', muv: 24_000_000, language: 'en', mediatype: 'Tech site', countries: [['US', 0.6], ['GB', 0.06]], categories: tech, authors: ['Billy Steele', 'Igor Bonifacic'], twitter: 'engadget' },
  { domain: 'techradar.com', name: 'TechRadar', feed: 'https://www.techradar.com/rss', muv: 47_000_000, language: 'en', mediatype: 'Tech site', countries: [['US', 0.39], ['GB', 0.2], ['IN', 0.08]], categories: tech, authors: ['Becky Scarrott', 'Matt Bolton'], twitter: 'techradar' },
  { domain: 'whathifi.com', name: 'What Hi-Fi?', feed: 'https://www.whathifi.com/feeds/all', muv: 3_200_000, language: 'en', mediatype: 'Magazine', countries: [['GB', 0.46], ['US', 0.22]], categories: [['Consumer electronics', 0.78], ['Technology', 0.22]], authors: ['Andy Madden', 'Harry McKerrell'] },
  { domain: 'gamesradar.com', name: 'GamesRadar+', feed: 'https://www.gamesradar.com/rss/', muv: 29_000_000, language: 'en', mediatype: 'Gaming site', metacritic: true, countries: [['US', 0.47], ['GB', 0.16]], categories: gaming, authors: ['Hirun Cryer', 'Austin Wood'] },
  { domain: 'vg247.com', name: 'VG247', feed: 'https://www.vg247.com/feed', muv: 4_100_000, language: 'en', mediatype: 'Gaming site', countries: [['US', 0.39], ['GB', 0.24]], categories: gaming, authors: ['Sherif Saed'] },
  { domain: 'destructoid.com', name: 'Destructoid', feed: 'https://www.destructoid.com/feed/', muv: 2_900_000, language: 'en', mediatype: 'Blog', metacritic: true, countries: [['US', 0.57], ['CA', 0.07]], categories: gaming, authors: ['Chris Carter'] },
  { domain: 'nintendolife.com', name: 'Nintendo Life', feed: 'https://www.nintendolife.com/feeds/latest', muv: 5_200_000, language: 'en', mediatype: 'Gaming site', metacritic: true, countries: [['US', 0.44], ['GB', 0.19]], categories: gaming, authors: ['Gavin Lane', 'Ollie Reynolds'] },
  { domain: 'dexerto.com', name: 'Dexerto', feed: 'https://www.dexerto.com/feed/', muv: 21_000_000, language: 'en', mediatype: 'Entertainment', countries: [['US', 0.48], ['GB', 0.1], ['CA', 0.05]], categories: [['Esports', 0.46], ['Games', 0.38], ['Entertainment', 0.16]], authors: ['Lauren Bergin', 'Joe Craven'], twitter: 'Dexerto' },
  { domain: 'esportsinsider.com', name: 'Esports Insider', feed: 'https://esportsinsider.com/feed', muv: 420_000, language: 'en', mediatype: 'Business', countries: [['GB', 0.31], ['US', 0.29]], categories: [['Esports', 0.71], ['Business', 0.29]], authors: ['Lewis Ward'] },
  { domain: 'gamestar.de', name: 'GameStar', feed: 'https://www.gamestar.de/news/rss/news.rss', muv: 8_100_000, language: 'de', mediatype: 'Gaming site', metacritic: true, countries: [['DE', 0.78], ['AT', 0.1], ['CH', 0.07]], categories: gaming, authors: ['Dimitry Halley', 'Natalie Schermann'] },
  { domain: 'jeuxvideo.com', name: 'Jeuxvideo.com', feed: 'https://www.jeuxvideo.com/rss/rss.xml', muv: 19_000_000, language: 'fr', mediatype: 'Gaming site', metacritic: true, countries: [['FR', 0.81], ['BE', 0.06], ['CA', 0.04]], categories: gaming, authors: ['Stéphanie Lefebvre', 'Maxime Dubois'] },
  { domain: '3djuegos.com', name: '3DJuegos', feed: 'https://www.3djuegos.com/feed', muv: 9_700_000, language: 'es', mediatype: 'Gaming site', metacritic: true, countries: [['ES', 0.44], ['MX', 0.18], ['AR', 0.09]], categories: gaming, authors: ['Alberto Pastor', 'Lucía García'] },
  { domain: 'multiplayer.it', name: 'Multiplayer.it', feed: 'https://multiplayer.it/feed/rss/homepage/', muv: 3_400_000, language: 'it', mediatype: 'Gaming site', metacritic: true, countries: [['IT', 0.92]], categories: gaming, authors: ['Tommaso Pugliese'] },
  { domain: 'famitsu.com', name: 'ファミ通.com', feed: 'https://www.famitsu.com/rss/fcom_all.rdf', muv: 14_000_000, language: 'ja', mediatype: 'Gaming site', countries: [['JP', 0.93]], categories: gaming, authors: ['ファミ通編集部'] },
  { domain: 'theenemy.com.br', name: 'The Enemy', feed: 'https://www.theenemy.com.br/rss', muv: 2_600_000, language: 'pt', mediatype: 'Gaming site', countries: [['BR', 0.94]], categories: gaming, authors: ['Bruno Magalhães'] },
  { domain: 'indiegamesplus.com', name: 'Indie Games Plus', feed: 'https://indiegamesplus.com/feed', muv: 180_000, language: 'en', mediatype: 'Blog', countries: [['US', 0.51], ['GB', 0.12]], categories: gaming, authors: ['Kelsey Ho'] },
];

/** The languages of the demo outlets; every headline is written wholly in its outlet's language. */
export type DemoLanguage = 'en' | 'de' | 'fr' | 'es' | 'it' | 'ja' | 'pt';
export const DEMO_LANGUAGES: DemoLanguage[] = ['en', 'de', 'fr', 'es', 'it', 'ja', 'pt'];

/** What a headline is: decides the URL's section, the description and the demo tag it is saved under. */
export type HeadlineKind = 'review' | 'preview' | 'interview' | 'news' | 'guide' | 'esports' | 'hardware';

/**
 * The demo's own products. Each has one launch date (days before the seed runs), named the same
 * in every headline that names it; coverage before it is announcements and previews, after it
 * reviews, sales and patches.
 */
export type DemoProduct = 'starfall' | 'aria';
export const DEMO_PRODUCTS: Record<DemoProduct, { name: string; launchDaysAgo: number }> = {
  starfall: { name: 'Starfall', launchDaysAgo: 41 },
  aria: { name: 'Lumen Audio Aria Pro', launchDaysAgo: 76 },
};

/** The launch day of a product: midnight UTC, `launchDaysAgo` days before `now`. */
export function launchDate(product: DemoProduct, now: Date): Date {
  const d = new Date(now.getTime() - DEMO_PRODUCTS[product].launchDaysAgo * 86400_000);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}

/** A date as a headline in `lang` writes it: "October 14", "14. Oktober", "14 de octubre", "10月14日". */
export const formatDay = (lang: DemoLanguage, d: Date) => formatter(lang, true).format(d);
/** A month as a headline in `lang` writes it: "October", "Oktober", "octubre", "10月". */
export const formatMonth = (lang: DemoLanguage, d: Date) => formatter(lang, false).format(d);
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(lang: DemoLanguage, day: boolean): Intl.DateTimeFormat {
  let f = formatters.get(`${lang}${day}`);
  if (!f) formatters.set(`${lang}${day}`, (f = new Intl.DateTimeFormat(lang, { month: 'long', ...(day ? { day: 'numeric' } : {}), timeZone: 'UTC' })));
  return f;
}

export interface HeadlineTemplate {
  text: string;
  kind: HeadlineKind;
  /** About a demo product: then `phase` places it before or after that product's launch. */
  product?: DemoProduct;
  phase?: 'before' | 'after';
  /** With phase 'after': at least this many days after the launch (first-week sales). */
  minDaysAfter?: number;
  /** With phase 'after': at most this many days after the launch (the launch itself). */
  maxDaysAfter?: number;
}

const t = (text: string, kind: HeadlineKind, more: Omit<HeadlineTemplate, 'text' | 'kind'> = {}): HeadlineTemplate => ({ text, kind, ...more });
const before = (product: DemoProduct) => ({ product, phase: 'before' as const });
const after = (product: DemoProduct, minDaysAfter = 0, maxDaysAfter?: number) => ({ product, phase: 'after' as const, minDaysAfter, maxDaysAfter });

/**
 * Headlines about the demo brands (Nebula Games' Starfall, Nebula Esports, Lumen Audio). The
 * placeholders: {launch} the product's launch day, {month} the month of publication, and word
 * lists of the headline's own language (DEMO_WORDS) or proper names (GAMES and the like). A
 * {score} is the same for the same match wherever it is reported; a patch's number follows from
 * its date for the demo products, and its {patchTopic} (the lists are parallel across languages)
 * from the game and the number, so one patch has one content in every outlet.
 */
// prettier-ignore
export const BRAND_HEADLINES: Record<DemoLanguage, HeadlineTemplate[]> = {
  en: [
    t('Starfall launches on {launch}, Nebula Games confirms', 'news', before('starfall')),
    t('Starfall gets a new trailer ahead of its {launch} launch', 'preview', before('starfall')),
    t('Starfall preview: {impression}', 'preview', before('starfall')),
    t('Starfall hands-on: {hours} hours aboard the Meridian', 'preview', before('starfall')),
    t('Starfall PC specs revealed ahead of the {launch} launch', 'news', before('starfall')),
    t('Nebula Games on building Starfall: "We wanted {idea}"', 'interview', before('starfall')),
    t('Starfall review: Nebula Games delivers a {adj} space opera', 'review', after('starfall')),
    t('Starfall review – {verdict}', 'review', after('starfall')),
    t('Is Starfall the best sci-fi game of the year? Our verdict', 'review', after('starfall')),
    t('Starfall sells 3 million copies in its first week', 'news', after('starfall', 7, 12)),
    t('Starfall patch 1.{minor} notes: {patchTopic}', 'news', after('starfall', 5)),
    t('Starfall: {n} tips for your first hours aboard the Meridian', 'guide', after('starfall')),
    t('Starfall director on {idea}', 'interview', after('starfall')),
    t('Starfall: how to {task}', 'guide', after('starfall')),
    t('Starfall: {n} things we wish we knew before starting', 'guide', after('starfall')),
    t('Starfall or {game}: which should you play first?', 'guide', after('starfall')),
    t('Starfall on {platform}: {performance}', 'news', after('starfall')),
    t('Starfall preorders: every edition and bonus ahead of the {launch} launch', 'news', before('starfall')),
    t('Nebula Games shows {minutes} minutes of Starfall gameplay', 'preview', before('starfall')),
    t('Starfall on {platform}: what to expect from the {launch} launch', 'news', before('starfall')),
    t('Nebula Esports signs {player} for the Valorant Champions Tour season', 'esports'),
    t('VCT week {week}: Nebula Esports beats {team} {score}', 'esports'),
    t('Nebula Esports reaches the Valorant Champions Tour {stage}', 'esports'),
    t('Nebula Esports coach on {esportsTopic}', 'interview'),
    t('Nebula Esports vs {team}: {n} things to watch in VCT week {week}', 'esports'),
    t('Lumen Audio teases the Aria Pro headphones, out {launch}', 'hardware', before('aria')),
    t('Lumen Audio launches the Aria Pro headphones at $349', 'hardware', after('aria', 0, 3)),
    t('Lumen Audio Aria Pro review: {hwAdj} noise cancelling for $349', 'review', after('aria')),
    t('Lumen Audio Aria Pro vs {rivalHeadphones}: which headphones should you buy?', 'hardware', after('aria')),
    t('Lumen Audio Aria Pro firmware update adds {firmware}', 'hardware', after('aria', 14)),
    t('Lumen Audio Aria Pro: {n} settings to change first', 'guide', after('aria')),
    t('Best noise-cancelling headphones of {year}: can the Lumen Audio Aria Pro beat the {rivalHeadphones}?', 'hardware', after('aria')),
    t('Lumen Audio Aria Pro deal: the $349 headphones drop to ${ariaDeal}', 'hardware', after('aria', 30)),
  ],
  de: [
    t('Starfall erscheint am {launch}: Nebula Games nennt den Termin', 'news', before('starfall')),
    t('Starfall angespielt: {impression}', 'preview', before('starfall')),
    t('Starfall im Test: Nebula Games liefert eine {adjF} Weltraumoper', 'review', after('starfall')),
    t('Starfall: {n} Tipps für die ersten Stunden an Bord der Meridian', 'guide', after('starfall')),
    t('Starfall: Patch 1.{minor} bringt {patchTopic}', 'news', after('starfall', 5)),
    t('Starfall oder {game}: Welches Spiel lohnt sich?', 'guide', after('starfall')),
    t('Lumen Audio Aria Pro im Test: {hwAdj} Klang für 349 Euro', 'review', after('aria')),
  ],
  fr: [
    t('Starfall : la sortie fixée au {launch}', 'news', before('starfall')),
    t('Aperçu de Starfall : {impression}', 'preview', before('starfall')),
    t('Test de Starfall : Nebula Games signe un space opera {adj}', 'review', after('starfall')),
    t('Nebula Esports recrute {player} pour la saison du Valorant Champions Tour', 'esports'),
    t('Starfall : {n} astuces pour bien débuter', 'guide', after('starfall')),
    t('Starfall : la mise à jour 1.{minor} apporte {patchTopic}', 'news', after('starfall', 5)),
  ],
  es: [
    t('Starfall llegará el {launch}, confirma Nebula Games', 'news', before('starfall')),
    t('Análisis de Starfall: Nebula Games firma una ópera espacial {adjF}', 'review', after('starfall')),
    t('Starfall: {n} consejos para tus primeras horas a bordo de la Meridian', 'guide', after('starfall')),
    t('Starfall recibe el parche 1.{minor} con {patchTopic}', 'news', after('starfall', 5)),
  ],
  it: [
    t('Starfall uscirà il {launch}: Nebula Games annuncia la data', 'news', before('starfall')),
    t("Starfall, la recensione: l'opera spaziale {adjF} di Nebula Games", 'review', after('starfall')),
    t('Starfall: {n} consigli per iniziare', 'guide', after('starfall')),
  ],
  ja: [
    t('Nebula Games新作「Starfall」{launch}発売決定', 'news', before('starfall')),
    t('「Starfall」プレイレポート：宇宙RPGの魅力に迫る', 'preview', before('starfall')),
    t('「Starfall」レビュー：{adj}', 'review', after('starfall')),
    t('「Starfall」序盤の攻略ポイント{n}選', 'guide', after('starfall')),
    t('「Starfall」アップデート1.{minor}配信開始：{patchTopic}', 'news', after('starfall', 5)),
  ],
  pt: [
    t('Starfall chega em {launch}, confirma a Nebula Games', 'news', before('starfall')),
    t('Análise de Starfall: a ópera espacial {adjF} da Nebula Games', 'review', after('starfall')),
    t('Starfall: {n} dicas para começar bem', 'guide', after('starfall')),
  ],
};

/** Industry headlines around them: the archive is mostly other news, as a real one is. */
// prettier-ignore
export const OTHER_HEADLINES: Record<DemoLanguage, HeadlineTemplate[]> = {
  en: [
    t('{game} review: {adj} and {tail}', 'review'),
    t('{game} review – {verdict}', 'review'),
    t('{game} preview: {impression}', 'preview'),
    t('{game} gets a surprise update with {n} new maps', 'news'),
    t('{studio} announces {game} for {platform}', 'news'),
    t('{game} director on {idea}', 'interview'),
    t('The best {platform} games of {month}', 'news'),
    t('{game} is free to play on {platform} this weekend', 'news'),
    t('{game} patch 1.{minor} notes: {patchTopic}', 'news'),
    t('{game}: {n} tips for your first hours', 'guide'),
    t('{game}: how to {task}', 'guide'),
    t('{game} vs {game2}: which should you play first?', 'guide'),
    t("Every game announced at this week's showcase, including {game}", 'news'),
    t('{game} speedrunner sets a new world record of {minutes} minutes', 'news'),
    t('{game} sequel in development at {studio}', 'news'),
    t('{game} is {percent}% off on Steam this week', 'news'),
    t('The {n} best gaming headphones of {year}, tested and ranked', 'hardware'),
    t('{league} week {week}: {team} beat {team2} {score}', 'esports'),
  ],
  de: [
    t('{game} im Test: {adj} und {tail}', 'review'),
    t('{studio} kündigt {game} für {platform} an', 'news'),
    t('{game}: {n} Tipps für den Einstieg', 'guide'),
    t('{game}: Patch 1.{minor} bringt {patchTopic}', 'news'),
    t('Die besten Spiele für {platform} im {month}', 'news'),
    t('{game} oder {game2}: Welches Spiel lohnt sich?', 'guide'),
    t('{game} angespielt: {impression}', 'preview'),
  ],
  fr: [
    t('Test de {game} : un jeu {adj}, {tail}', 'review'),
    t('{studio} annonce {game} sur {platform}', 'news'),
    t('{game} : {n} astuces pour bien débuter', 'guide'),
    t('{game} : la mise à jour 1.{minor} apporte {patchTopic}', 'news'),
    t('Les meilleurs jeux {platform} en {month}', 'news'),
    t('{game} ou {game2} : lequel choisir ?', 'guide'),
    t('Aperçu de {game} : {impression}', 'preview'),
  ],
  es: [
    t('Análisis de {game}: un juego {adj} {tail}', 'review'),
    t('{studio} anuncia {game} para {platform}', 'news'),
    t('{game}: {n} consejos para empezar con buen pie', 'guide'),
    t('{game} recibe el parche 1.{minor} con {patchTopic}', 'news'),
    t('Los mejores juegos de {platform} de {month}', 'news'),
    t('{game} o {game2}: ¿cuál merece más la pena?', 'guide'),
  ],
  it: [
    t('{game}, la recensione: un gioco {adj} {tail}', 'review'),
    t('{studio} annuncia {game} per {platform}', 'news'),
    t('{game}: {n} consigli per iniziare', 'guide'),
    t('{game} si aggiorna alla versione 1.{minor}: {patchTopic}', 'news'),
    t('I migliori giochi {platform} di {month}', 'news'),
    t('{game} o {game2}: quale scegliere?', 'guide'),
  ],
  ja: [
    t('{studio}が新作「{game}」を発表', 'news'),
    t('「{game}」レビュー：{adj}', 'review'),
    t('「{game}」アップデート1.{minor}配信開始：{patchTopic}', 'news'),
    t('「{game}」序盤の攻略ポイント{n}選', 'guide'),
    t('「{game}」と「{game2}」、どっちを遊ぶ？', 'guide'),
    t('{month}の{platform}おすすめタイトルまとめ', 'news'),
  ],
  pt: [
    t('Análise de {game}: um jogo {adj} {tail}', 'review'),
    t('{studio} anuncia {game} para {platform}', 'news'),
    t('{game}: {n} dicas para começar bem', 'guide'),
    t('{game} recebe a atualização 1.{minor} com {patchTopic}', 'news'),
    t('Os melhores jogos de {platform} de {month}', 'news'),
    t('{game} ou {game2}: qual vale mais a pena?', 'guide'),
  ],
};

/** The other games, each with its one studio and lead platform (so "{studio} announces {game}" never contradicts itself). */
// prettier-ignore
export const GAMES: { name: string; studio: string; platform: string }[] = [
  { name: 'Ironclad Tactics', studio: 'Red Kite Studios', platform: 'PC' },
  { name: 'Moonlit Harbor', studio: 'Harbor Lights Games', platform: 'Nintendo Switch 2' },
  { name: 'Pixel Rally 2', studio: 'Quantum Owl', platform: 'PlayStation 5' },
  { name: 'Hollow Crown', studio: 'Ironwood Entertainment', platform: 'PlayStation 5' },
  { name: 'Echoes of Aster', studio: 'Bluepeak Interactive', platform: 'PC' },
  { name: 'Frostbound', studio: 'Red Kite Studios', platform: 'Xbox Series X' },
  { name: 'Neon Drift', studio: 'Quantum Owl', platform: 'PC' },
  { name: 'Kingdom of Ash', studio: 'Ironwood Entertainment', platform: 'PC' },
  { name: 'Tidecaller', studio: 'Harbor Lights Games', platform: 'PlayStation 5' },
  { name: 'Skyward Legion', studio: 'Bluepeak Interactive', platform: 'Xbox Series X' },
  { name: 'Glass Orchard', studio: 'Paper Lantern', platform: 'Nintendo Switch 2' },
  { name: 'Rust Belt Racers', studio: 'Quantum Owl', platform: 'PlayStation 5' },
  { name: 'Cinder Keep', studio: 'Paper Lantern', platform: 'PC' },
  { name: "Wayfarer's Rest", studio: 'Harbor Lights Games', platform: 'PC' },
  { name: 'Deep Signal', studio: 'Blackwater Labs', platform: 'PC' },
  { name: 'Saltmarsh', studio: 'Blackwater Labs', platform: 'PlayStation 5' },
  { name: 'Orbit Gardens', studio: 'Paper Lantern', platform: 'Nintendo Switch 2' },
  { name: 'Thunderhead', studio: 'Red Kite Studios', platform: 'Xbox Series X' },
  { name: 'Lantern Rite', studio: 'Ironwood Entertainment', platform: 'PlayStation 5' },
  { name: 'Copper Circuit', studio: 'Blackwater Labs', platform: 'PC' },
];

/** Word lists that do not depend on the language: names and numbers. */
// prettier-ignore
export const NAMES: Record<string, string[]> = {
  platform: ['PlayStation 5', 'Xbox Series X', 'Nintendo Switch 2', 'PC', 'Steam Deck'],
  league: ['Valorant Champions Tour', 'League of Legends EMEA', 'Rocket League Championship', 'Counter-Strike Major'],
  player: ['"Vortex" Kim', '"Haze" Moreau', '"Blink" Santos', '"Kestrel" Novak'],
  team: ['Team Aurora', 'Crimson Wolves', 'Northern Lights', 'Iron Tide'],
  rivalHeadphones: ['Sony WH-1000XM6', 'Bose QuietComfort Ultra', 'Apple AirPods Max', 'Sennheiser Momentum 5'],
  score: ['2-0', '2-1', '3-1', '3-2'],
  n: ['5', '6', '7', '8', '9', '10', '12', '15'],
  hours: ['2', '3', '4', '5', '6', '8'],
  minor: ['1', '2', '3', '4', '5', '6', '7', '8', '9'],
  week: ['1', '2', '3', '4', '5', '6', '7', '8'],
  minutes: ['17', '21', '24', '28', '31', '36', '42', '49'],
  percent: ['20', '25', '30', '40', '50', '60', '75'],
  ariaDeal: ['299', '279'],
  stage: ['playoffs', 'semi-finals', 'grand final'],
};

/** Word lists in each language (adjectives agree with what they qualify: adjF is feminine where the language has genders). */
// prettier-ignore
export const DEMO_WORDS: Record<DemoLanguage, Record<string, string[]>> = {
  en: {
    adj: ['stunning', 'ambitious', 'gorgeous', 'flawed but brilliant', 'surprisingly deep', 'bold', 'breathtaking', 'uneven', 'polished'],
    tail: ['worth your weekend', 'a little too long', 'better with friends', 'built for veterans', 'full of heart', 'easy to recommend'],
    verdict: ['a modern classic', 'style over substance', 'the sleeper hit of the year', 'a slow burn that pays off', 'ambition beats polish', 'close to greatness'],
    impression: ['three hours in and we want more', 'promising but rough around the edges', 'the combat finally clicks', 'a world worth getting lost in', 'slower than we hoped', 'smarter than it looks'],
    idea: ['a universe that feels lived in', 'choices that really matter', 'combat you can read at a glance', 'no loading screens', 'a soundtrack that reacts to you', 'a story told in small moments'],
    patchTopic: ['save fixes and a photo mode', 'balance changes and a new difficulty', 'performance on handhelds', 'new accessibility options', 'co-op stability fixes'],
    task: ['unlock fast travel', 'find every hidden relic', 'beat the first boss', 'earn money quickly', 'build the best early team', 'get the true ending', 'upgrade your gear', 'reach the secret area'],
    hwAdj: ['class-leading', 'excellent', 'impressive', 'solid', 'decent'],
    firmware: ['multipoint pairing', 'a custom equalizer', 'spatial audio', 'a longer battery life mode'],
    esportsTopic: ['the road to the playoffs', 'life after a roster change', 'scouting new talent', 'the pressure of a home crowd'],
    performance: ['smooth at 60 fps', 'a solid port with a few hitches', 'the best way to play', 'playable, with compromises'],
    year: ['2026'],
  },
  de: {
    adj: ['großartig', 'ambitioniert', 'beeindruckend', 'durchwachsen', 'bildschön'],
    adjF: ['großartige', 'ambitionierte', 'beeindruckende'],
    tail: ['ein Fest für Sammler', 'etwas zu lang', 'im Koop am besten', 'nichts für Einsteiger', 'voller Herz'],
    impression: ['viel Potenzial, wenig Feinschliff', 'ein Kampfsystem mit Tiefgang', 'eine Welt zum Verlieren', 'langsamer als erhofft'],
    patchTopic: ['einen Fotomodus', 'neue Schwierigkeitsgrade', 'bessere Leistung auf dem Steam Deck', 'mehr Barrierefreiheit', 'stabilen Koop-Modus'],
    hwAdj: ['Starker', 'Satter', 'Klarer'],
  },
  fr: {
    adj: ['ambitieux', 'magnifique', 'audacieux', 'inégal', 'surprenant'],
    tail: ['à faire entre amis', 'un peu trop long', 'pour les vétérans', 'plein de charme', 'une belle réussite'],
    impression: ['un potentiel énorme', 'des combats enfin lisibles', 'un monde où se perdre', 'encore un peu brut'],
    patchTopic: ['un mode photo', 'de nouveaux niveaux de difficulté', 'de meilleures performances', "plus d'options d'accessibilité", 'un mode coopératif plus stable'],
  },
  es: {
    adj: ['ambicioso', 'espectacular', 'brillante', 'irregular', 'sorprendente'],
    adjF: ['ambiciosa', 'espectacular', 'brillante'],
    tail: ['para jugar con amigos', 'algo largo', 'para veteranos', 'lleno de encanto', 'que engancha'],
    patchTopic: ['modo foto', 'nuevos niveles de dificultad', 'mejor rendimiento en portátiles', 'más opciones de accesibilidad', 'un cooperativo más estable'],
  },
  it: {
    adj: ['ambizioso', 'splendido', 'coraggioso', 'altalenante', 'sorprendente'],
    adjF: ['ambiziosa', 'splendida', 'sorprendente'],
    tail: ['da giocare in compagnia', 'un po’ troppo lungo', 'per veterani', 'pieno di fascino', 'che conquista'],
    patchTopic: ['arriva la modalità foto', 'nuovi livelli di difficoltà', 'prestazioni migliori', 'più opzioni di accessibilità', 'cooperativa più stabile'],
  },
  ja: {
    adj: ['圧倒的なスケールの傑作', '粗削りだが光る一本', '遊びごたえ抜群', '美しい世界に没入', '万人におすすめ'],
    patchTopic: ['フォトモード追加', '難易度調整', 'パフォーマンス改善', 'アクセシビリティ強化', '協力プレイの安定化'],
  },
  pt: {
    adj: ['ambicioso', 'deslumbrante', 'corajoso', 'irregular', 'surpreendente'],
    adjF: ['ambiciosa', 'deslumbrante', 'surpreendente'],
    tail: ['para jogar com amigos', 'um pouco longo', 'para veteranos', 'cheio de charme', 'que vicia'],
    patchTopic: ['modo foto', 'novos níveis de dificuldade', 'melhor desempenho', 'mais opções de acessibilidade', 'cooperativo mais estável'],
  },
};

/** Descriptions by kind; a language without one for the kind uses its `news` text. */
// prettier-ignore
export const DESCRIPTIONS: Record<DemoLanguage, Partial<Record<HeadlineKind, string[]>> & { news: string[] }> = {
  en: {
    review: ['We spent a week with it so you do not have to guess. Here is what works, what does not, and who it is for.', 'Our full verdict, after finishing the story and most of what comes after it.'],
    preview: ['We played the first hours ahead of release. Here is what stood out, and what still needs work.'],
    interview: ['The studio shared new details in an interview this morning, including a roadmap for the months after launch.'],
    guide: ['Everything we wish we had known before starting, in the order you will need it.'],
    esports: ['The result reshapes the standings with the playoffs in sight. Here is how the series was won.'],
    hardware: ['A closer look at the sound, the comfort and the battery, and how they compare with the competition.'],
    news: ['Here is everything we know so far, from release windows to platforms.', 'A closer look at the numbers, the people behind them and what it means for the rest of the industry.'],
  },
  de: { review: ['Wir haben es ausführlich getestet. Das ist unser Fazit.'], news: ['Alle Details zur Ankündigung im Überblick.'] },
  fr: { review: ['Nous y avons joué pendant une semaine. Voici notre avis complet.'], news: ["Tout ce qu'il faut savoir sur l'annonce."] },
  es: { review: ['Lo hemos jugado a fondo. Esto es lo que nos ha parecido.'], news: ['Te contamos todos los detalles del anuncio.'] },
  it: { review: ['Lo abbiamo provato a fondo: ecco il nostro giudizio.'], news: ["Tutti i dettagli sull'annuncio."] },
  ja: { review: ['じっくり遊んだ感想をお届けします。'], news: ['最新情報をまとめてお届けします。'] },
  pt: { review: ['Jogamos bastante. Confira nossas impressões.'], news: ['Confira todos os detalhes do anúncio.'] },
};
