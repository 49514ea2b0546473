// `npm run dev -- --fakes` starts this first: the local YouTube, Twitch, Slack, Discord and Stripe
// fakes (test/fakes/, the same servers the tests use) on 127.0.0.1, with a little data that keeps
// changing, so the video and stream screens work offline and checkout can be clicked through (the
// fake Stripe's Pay page delivers signed webhooks to the dev API). It prints one line
// `DEV_FAKES_ENV {json}` with the variables that point the API at them (dev.mjs reads it),
// then the webhook addresses to paste into a feed's notification settings, and one line per
// message Slack or Discord receive (the Slack app's Web API calls too).
import { startFakeDiscord } from '../test/fakes/discord.js';
import { startFakeSlack } from '../test/fakes/slack.js';
import { startFakeStripe } from '../test/fakes/stripe.js';
import { DEFAULT_GAMES, startFakeTwitch } from '../test/fakes/twitch.js';
import { startFakeYoutube, type FakeYoutubeVideo } from '../test/fakes/youtube.js';

const HOUR = 3600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const CHANNELS = [
  { id: 'UCdevfakechannel0000001', title: 'Pixel Pilgrims', subscribers: 1_250_000, country: 'US', customUrl: '@pixelpilgrims' },
  { id: 'UCdevfakechannel0000002', title: 'Retro Run Club', subscribers: 48_300, country: 'GB', customUrl: '@retrorunclub' },
  { id: 'UCdevfakechannel0000003', title: 'Indie Bytes', subscribers: 2_900, country: 'DE', customUrl: null },
];
// Keywords to try in the YouTube feed: "minecraft", "zelda", "speedrun", "indie game".
const TOPICS = ['Minecraft survival', 'Zelda Tears of the Kingdom', 'speedrun world record', 'indie game showcase'];

function video(n: number): FakeYoutubeVideo {
  const channel = CHANNELS[n % CHANNELS.length];
  const topic = TOPICS[n % TOPICS.length];
  return {
    id: `dev${String(n).padStart(8, '0')}`,
    channelId: channel.id,
    title: `${topic} — part ${n}`,
    description: `${topic}, as ${channel.title} played it.`,
    publishedAt: ago((n + 1) * 2 * HOUR),
    views: 500 + ((n * 7919) % 250_000),
    language: n % 5 === 0 ? 'de' : 'en',
  };
}

// Stripe in dev: any card "pays" on the fake's checkout page. The API's port is the one dev.mjs gives it.
const STRIPE_DEV = {
  secretKey: 'sk_test_dev_coverwatch_fake',
  webhookSecret: 'whsec_dev_coverwatch_fake',
  prices: {
    starter_monthly: 'price_dev_starter_monthly',
    starter_annual: 'price_dev_starter_annual',
    pro_monthly: 'price_dev_pro_monthly',
    pro_annual: 'price_dev_pro_annual',
  },
};
const apiPort = process.env.API_PORT ?? process.env.PORT ?? '3000';

async function main() {
  const youtube = await startFakeYoutube({ channels: CHANNELS, videos: Array.from({ length: 40 }, (_, i) => video(i)) });
  const twitch = await startFakeTwitch();
  const [slack, discord] = await Promise.all([startFakeSlack(), startFakeDiscord()]);
  // The dev database keeps customer ids from earlier runs; the fake adopts them instead of answering 404.
  const stripe = await startFakeStripe({ ...STRIPE_DEV, webhookUrl: `http://127.0.0.1:${apiPort}/api/webhooks/stripe`, adoptUnknownCustomers: true });

  const streamers = [
    { id: '900001', login: 'blockbuilder', display_name: 'BlockBuilder', followers: 310_000 },
    { id: '900002', login: 'hyruleranger', display_name: 'HyruleRanger', followers: 21_500 },
    { id: '900003', login: 'cozycrafter', display_name: 'CozyCrafter', followers: 840 },
  ];
  for (const s of streamers) twitch.addUser(s);
  const minecraft = DEFAULT_GAMES.find((g) => g.name === 'Minecraft')!.id;
  const zelda = DEFAULT_GAMES.find((g) => g.name.includes('Tears'))!.id;
  twitch.addStream({ user_id: '900001', game_id: minecraft, title: 'Minecraft hardcore day 100', viewer_count: 5400 });
  twitch.addStream({ user_id: '900002', game_id: zelda, title: 'Zelda TOTK all shrines', viewer_count: 830 });
  for (let i = 0; i < 12; i++) {
    const user = streamers[i % streamers.length];
    twitch.addVideo({
      user_id: user.id,
      game_id: i % 2 ? zelda : minecraft,
      title: i % 2 ? `Zelda TOTK run ${i}` : `Minecraft build ${i}`,
      view_count: 100 + i * 377,
      created_at: ago((i + 1) * 3 * HOUR),
      published_at: ago((i + 1) * 3 * HOUR),
    });
  }

  const env = {
    ...youtube.env,
    ...twitch.env,
    ALLOW_PRIVATE_NETWORK: 'true',
    ...stripe.env,
    // Settings → Chat workspace → "Add to Slack" opens the fake's authorize page ("Allow").
    ...slack.env,
  };
  process.stdout.write(`DEV_FAKES_ENV ${JSON.stringify(env)}\n`);
  console.log(`[fakes] YouTube ${youtube.apiUrl} · Twitch ${twitch.apiUrl}`);
  console.log('[fakes] YouTube keywords that find videos: minecraft, zelda, speedrun, indie game; Twitch games: Minecraft, Zelda');
  console.log(`[fakes] Slack webhook:   ${slack.webhookUrl('devhook')} · Slack app: ${slack.authorizeUrl} (channels #general, #press, #launch-war-room)`);
  console.log(`[fakes] Discord webhook: ${discord.webhookUrl('1234567890')}`);
  console.log(`[fakes] Stripe ${stripe.url}: checkout's Pay button delivers webhooks to http://127.0.0.1:${apiPort}/api/webhooks/stripe`);

  // New uploads now and then, so polls find something new and announcements go out.
  let n = 40;
  const uploads = setInterval(() => {
    youtube.addVideo({ ...video(n), publishedAt: new Date().toISOString() });
    n++;
  }, 10 * 60_000);

  // Show what the webhooks receive, as a developer would see it in the channel.
  let seenSlack = 0;
  let seenDiscord = 0;
  let seenStripe = 0;
  let seenSlackApi = 0;
  const tail = setInterval(() => {
    for (const r of slack.requests.slice(seenSlack)) console.log(`[fakes] Slack ${r.status}: ${String(r.payload?.text ?? '').slice(0, 160)}`);
    for (const r of discord.requests.slice(seenDiscord)) console.log(`[fakes] Discord ${r.status}: ${String(r.payload?.content ?? '').slice(0, 160)}`);
    for (const d of stripe.deliveries.slice(seenStripe)) console.log(`[fakes] Stripe webhook ${d.type} → ${d.status ?? d.error}`);
    for (const c of slack.apiCalls.slice(seenSlackApi)) {
      if (c.method === 'chat.postMessage')
        console.log(`[fakes] Slack app → ${String(c.params.channel)} ${c.answer}: ${String(c.params.text ?? '').slice(0, 160)}`);
      else console.log(`[fakes] Slack app ${c.method} ${c.answer}`);
    }
    seenSlackApi = slack.apiCalls.length;
    seenStripe = stripe.deliveries.length;
    seenSlack = slack.requests.length;
    seenDiscord = discord.requests.length;
  }, 1000);

  const stop = async () => {
    clearInterval(uploads);
    clearInterval(tail);
    await Promise.allSettled([youtube.close(), twitch.close(), slack.close(), discord.close(), stripe.close()]);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((err: unknown) => {
  console.error('[fakes] could not start:', err);
  process.exit(1);
});
