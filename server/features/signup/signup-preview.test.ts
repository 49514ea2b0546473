import { describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages.js';
import { QUERY_MSG } from '../../../common/query/messages.js';
import { createTestContext } from '../../../test/helpers/app.js';
import { SIGNUP_PREVIEW_PER_MINUTE, TWITCH_NOT_CONNECTED } from './routes.js';
import { archive, body, ctx, encode, pointersOf, signUp, solveCaptcha, twitch, useSignupContext } from './signup-setup.js';

// What the sign-up form asks before the account exists: the alert's preview and the Twitch games.
useSignupContext();

describe('POST p/free_user/alert_preview', () => {
  const preview = (payload: object, c = ctx) =>
    c.call('POST', '/api/p/free_user/alert_preview', { body: payload, headers: { 'content-type': 'application/json' } });

  it("shows what the sign-up's alert would find, read as the sign-up reads it, with the captcha checked and not spent", async () => {
    await archive(['Quasar Interactive unveils a racer', 'Quasar Team wins again', 'Interactive art by Quasar'], 2);
    const altcha = await solveCaptcha();
    const res = await preview({ keywords: 'Quasar Interactive', altcha });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      count: 1,
      capped: false,
      samples: [
        {
          id: expect.any(String),
          title: 'Quasar Interactive unveils a racer',
          url: expect.any(String),
          media: 'news.example.com',
          published_at: expect.any(String),
        },
      ],
    });
    // The same solution still creates the account afterwards.
    expect((await signUp(body({ altcha }))).statusCode).toBe(201);
    // ... and is then spent for previews too.
    expect(pointersOf(await preview({ keywords: 'Quasar Interactive', altcha }))).toEqual({ '/altcha': MSG.validation.captcha });
  });

  it('needs a valid captcha and usable keywords, each refused at its field', async () => {
    expect(pointersOf(await preview({ keywords: 'Quasar Interactive', altcha: encode({ algorithm: 'SHA-256' }) }))).toEqual({
      '/altcha': MSG.validation.captcha,
    });
    expect(pointersOf(await preview({ keywords: 'Quasar Interactive' }))).toEqual({ '/altcha': MSG.validation.captcha });
    const altcha = await solveCaptcha();
    expect(pointersOf(await preview({ keywords: 'abc', altcha }))).toEqual({ '/keywords': MSG.validation.alertKeywords });
    expect(pointersOf(await preview({ keywords: '!!!!!', altcha }))).toEqual({ '/keywords': QUERY_MSG.noSearchableText });
  });

  it(`answers 429 after ${SIGNUP_PREVIEW_PER_MINUTE} previews a minute from one address`, async () => {
    const own = await createTestContext();
    try {
      const altcha = await solveCaptcha(own);
      for (let i = 0; i < SIGNUP_PREVIEW_PER_MINUTE; i++) expect((await preview({ keywords: 'Quasar Interactive', altcha }, own)).statusCode).toBe(200);
      const res = await preview({ keywords: 'Quasar Interactive', altcha }, own);
      expect(res.statusCode).toBe(429);
      expect(res.json().errors[0]).toMatchObject({ code: 'rate_limited', detail: MSG.alertsApi.previewRateLimited });
    } finally {
      await own.close();
    }
  });
});

describe('GET p/free_user/preview (Twitch games)', () => {
  it('searches games through Twitch with an app token it keeps', async () => {
    // Sign-ups name their Twitch feed's game with a token of their own (signup.test.ts).
    const tokensBefore = twitch.tokenRequests();
    const res = await ctx.call('GET', '/api/p/free_user/preview?searchTerm=zelda');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        { id: '110758', name: 'The Legend of Zelda: Tears of the Kingdom', box_art_url: expect.stringContaining('110758') },
        { id: '18846', name: 'The Legend of Zelda: Breath of the Wild', box_art_url: expect.stringContaining('18846') },
      ],
    });
    const search = twitch.requests.find((r) => r.path === '/helix/search/categories')!;
    expect(search.query.query).toBe('zelda');
    expect(search.headers['client-id']).toBe(twitch.clientId);
    const tokenCall = twitch.requests.find((r) => r.path === '/oauth2/token')!;
    expect(new URLSearchParams(tokenCall.body).get('grant_type')).toBe('client_credentials');

    expect((await ctx.call('GET', '/api/p/free_user/preview?searchTerm=craft')).json().data.map((g: { name: string }) => g.name)).toEqual(['Minecraft']);
    expect((await ctx.call('GET', '/api/p/free_user/preview?searchTerm=nothing%20like%20it')).json()).toEqual({ data: [] });
    expect(twitch.tokenRequests() - tokensBefore).toBe(1);
  });

  it('fetches a new token when Twitch no longer accepts the old one', async () => {
    const tokensBefore = twitch.tokenRequests();
    twitch.revokeTokens();
    const res = await ctx.call('GET', '/api/p/free_user/preview?searchTerm=auto');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((g: { id: string }) => g.id)).toEqual(['32982']);
    expect(twitch.tokenRequests()).toBe(tokensBefore + 1);
  });

  it('needs more than 2 characters', async () => {
    for (const term of ['', 'ze', '%20%20ze%20']) {
      const res = await ctx.call('GET', `/api/p/free_user/preview?searchTerm=${term}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ code: 'bad_request', detail: MSG.validation.feedKeyword, source: { parameter: 'searchTerm' } });
    }
    expect((await ctx.call('GET', '/api/p/free_user/preview')).statusCode).toBe(400);
  });

  it('answers 503 when Twitch is not configured', async () => {
    const bare = await createTestContext();
    try {
      const res = await bare.call('GET', '/api/p/free_user/preview?searchTerm=zelda');
      expect(res.statusCode).toBe(503);
      expect(res.json().errors[0]).toMatchObject({ status: '503', code: 'not_connected', detail: TWITCH_NOT_CONNECTED });
      // The sign-up form learns it before anyone types: the stream alert shows disabled with the reason.
      expect((await bare.call('GET', '/api/p/free_user/options')).json()).toEqual({
        data: { twitch: { available: false, reason: MSG.signup.twitchUnavailable } },
      });
      expect((await ctx.call('GET', '/api/p/free_user/options')).json()).toEqual({ data: { twitch: { available: true, reason: null } } });
    } finally {
      await bare.close();
    }
  });

  it('answers 503 when Twitch refuses our credentials', async () => {
    const wrong = await createTestContext({ ...twitch.env, TWITCH_CLIENT_SECRET: 'not-the-secret' });
    try {
      const res = await wrong.call('GET', '/api/p/free_user/preview?searchTerm=zelda');
      expect(res.statusCode).toBe(503);
      expect(res.json().errors[0].code).toBe('unavailable');
    } finally {
      await wrong.close();
    }
  });
});
