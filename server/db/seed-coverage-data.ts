/**
 * Material for the demo archive: real outlets (with their public feed addresses and traffic in
 * the right order of magnitude) and headline templates about the demo brands and the games
 * industry around them. The articles themselves are generated (seeded), so every start of the
 * demo looks the same.
 */
export interface DemoOutlet {
  domain: string;
  name: string;
  feed: string;
  muv: number;
  language: string;
  mediatype: string;
  metacritic?: boolean;
  countries: [string, number][]; // country, share of visits
  categories: [string, number][];
  authors: string[];
  twitter?: string;
}

/** Demo outlets on the EA list (websites.is_ea): what the EA-only feed filter keeps. */
export const EA_OUTLETS = new Set(['ign.com', 'gamespot.com', 'eurogamer.net', 'pcgamer.com', 'gamestar.de', 'jeuxvideo.com']);

const gaming: [string, number][] = [['Games', 0.82], ['Technology', 0.11], ['Entertainment', 0.07]];
const tech: [string, number][] = [['Technology', 0.64], ['Consumer electronics', 0.22], ['Games', 0.14]];

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

/** Headlines about the demo brands. `{game}` etc. are filled from the lists below. */
export const BRAND_HEADLINES: Record<string, string[]> = {
  en: [
    'Starfall review: Nebula Games delivers a {adj} space opera',
    'Starfall launch date confirmed for {month} by Nebula Games',
    'Starfall hands-on: {count} hours aboard the Meridian',
    'Nebula Games on building Starfall: "We wanted {idea}"',
    'Starfall preview – the {adj} RPG we have waited for',
    'Starfall gets a new trailer ahead of its {month} launch',
    'Starfall PC specs revealed, and they are {adj}',
    'Is Starfall the best sci-fi game of the year? Our verdict',
    'Starfall sells {count} million copies in its first week',
    'Starfall patch 1.{count} fixes save bugs and adds photo mode',
    'Nebula Esports signs {player} for the {league} season',
    'Nebula Esports wins the {league} regional final',
    'Nebula Esports reveals its new {league} roster',
    'Lumen Audio Aria review: {adj} noise cancelling for the money',
    'Lumen Audio launches the Aria Pro headphones at ${count}99',
    'Lumen Audio Aria vs the competition: which headphones should you buy?',
  ],
  de: ['Starfall im Test: Nebula Games liefert eine {adjDe} Weltraumoper', 'Starfall erscheint im {month}: Nebula Games nennt den Termin', 'Lumen Audio Aria im Test: {adjDe} Klang für wenig Geld'],
  fr: ['Test de Starfall : Nebula Games signe un space opera {adjFr}', 'Starfall : la date de sortie fixée en {month}', 'Nebula Esports recrute {player} pour la saison'],
  es: ['Análisis de Starfall: Nebula Games firma una ópera espacial {adjEs}', 'Starfall llegará en {month}, confirma Nebula Games'],
  it: ['Starfall, la recensione: l\'opera spaziale {adjIt} di Nebula Games'],
  ja: ['Nebula Games新作「Starfall」発売日決定', 'Starfallプレイレポート：宇宙RPGの魅力に迫る'],
  pt: ['Análise de Starfall: a ópera espacial {adjPt} da Nebula Games'],
};

/** Industry headlines around them: the archive is mostly other news, as a real one is. */
export const OTHER_HEADLINES: Record<string, string[]> = {
  en: [
    '{game} review: {adj} and worth your weekend',
    '{game} gets a surprise update with {count} new maps',
    '{studio} announces {game} for {platform}',
    '{game} director talks {idea}',
    'The best {platform} games of {month}',
    '{game} is free to play this weekend',
    '{studio} lays off {count}0 staff after {game} underperforms',
    '{game} sequel in development at {studio}',
    '{platform} price rises in Europe next {month}',
    'Every game announced at this week\'s showcase, including {game}',
    '{game} speedrunner sets a new world record',
    'Best gaming headphones {year}: tested and ranked',
    '{league} finals draw record viewership',
    '{player} leaves {team} ahead of the {league} season',
  ],
  de: ['{game} im Test: {adjDe} und spaßig', '{studio} kündigt {game} für {platform} an'],
  fr: ['Test de {game} : un jeu {adjFr}', '{studio} annonce {game} sur {platform}'],
  es: ['Análisis de {game}: un juego {adjEs}', '{studio} anuncia {game} para {platform}'],
  it: ['{game}, la recensione: un gioco {adjIt}'],
  ja: ['{studio}が新作「{game}」を発表', '{game}の最新アップデート情報まとめ'],
  pt: ['Análise de {game}: um jogo {adjPt}'],
};

export const FILL: Record<string, string[]> = {
  adj: ['stunning', 'ambitious', 'gorgeous', 'flawed but brilliant', 'surprisingly deep', 'bold', 'breathtaking', 'uneven', 'polished'],
  adjDe: ['großartige', 'ambitionierte', 'beeindruckende'],
  adjFr: ['ambitieux', 'magnifique', 'audacieux'],
  adjEs: ['ambiciosa', 'espectacular', 'brillante'],
  adjIt: ['ambiziosa', 'splendida'],
  adjPt: ['ambiciosa', 'deslumbrante'],
  month: ['March', 'April', 'May', 'June', 'September', 'October', 'November'],
  idea: ['a universe that feels lived in', 'choices that really matter', 'combat you can read at a glance', 'no loading screens'],
  game: ['Ironclad Tactics', 'Moonlit Harbor', 'Pixel Rally 2', 'Hollow Crown', 'Echoes of Aster', 'Frostbound', 'Neon Drift', 'Kingdom of Ash', 'Tidecaller', 'Skyward Legion'],
  studio: ['Red Kite Studios', 'Bluepeak Interactive', 'Harbor Lights Games', 'Quantum Owl', 'Ironwood Entertainment'],
  platform: ['PlayStation 5', 'Xbox Series X', 'Nintendo Switch 2', 'PC', 'Steam Deck'],
  league: ['Valorant Champions Tour', 'League of Legends EMEA', 'Rocket League Championship', 'Counter-Strike Major'],
  player: ['"Vortex" Kim', '"Haze" Moreau', '"Blink" Santos', '"Kestrel" Novak'],
  team: ['Team Aurora', 'Crimson Wolves', 'Northern Lights'],
  count: ['2', '3', '4', '5', '6', '7', '8', '12'],
  year: ['2026'],
};

export const DESCRIPTIONS: Record<string, string[]> = {
  en: [
    'We spent a week with it so you do not have to guess. Here is what works, what does not, and who it is for.',
    'The studio shared new details in an interview this morning, including a roadmap for the months after launch.',
    'Fans have been waiting for this one. Here is everything we know so far, from release windows to platforms.',
    'A closer look at the numbers, the people behind them and what it means for the rest of the industry.',
  ],
  de: ['Wir haben es ausführlich gespielt. Das sind unsere Eindrücke.'],
  fr: ['Nous y avons joué pendant une semaine. Voici notre avis complet.'],
  es: ['Lo hemos jugado a fondo. Esto es lo que nos ha parecido.'],
  it: ['Lo abbiamo provato a fondo: ecco il nostro giudizio.'],
  ja: ['最新情報をまとめてお届けします。'],
  pt: ['Jogamos bastante. Confira nossas impressões.'],
};
