import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages.js';
import { NO_CAPABILITIES } from '../../../common/plans.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeOrg } from '../../../test/helpers/factories.js';
import { fakeTranslation, startFakeTranslate, type FakeTranslate } from '../../../test/fakes/translate.js';
import { TranslateClient, TranslateRequestError } from '../../integrations/translate/client.js';
import { classifyHeadline } from './sentiment.js';

let fake: FakeTranslate;
let ctx: TestContext; // translation connected to the fake
let bare: TestContext; // no TRANSLATE_URL
beforeAll(async () => {
  fake = await startFakeTranslate();
  ctx = await createTestContext(fake.env);
  bare = await createTestContext();
});
afterAll(async () => {
  await Promise.all([ctx?.close(), bare?.close(), fake?.close()]);
});

const AI = { ...NO_CAPABILITIES, ai_headline_tools: true };
// As the web app sends it (001 §7: "POST sentiment: article_url, article_title").
const headline = (article_title: unknown, article_url = 'https://news.example.com/a') => ({ article_title, article_url });

describe('classifyHeadline', () => {
  it('tells positive, negative, neutral and controversial headlines apart', () => {
    expect(classifyHeadline('Amazing launch, fans love the new game')).toMatchObject({ sentiment: 'positive' });
    expect(classifyHeadline('Studio layoffs: terrible news for workers')).toMatchObject({ sentiment: 'negative' });
    expect(classifyHeadline('Company announces quarterly results')).toEqual({ sentiment: 'neutral', score: 0, positive: 0, negative: 0 });
    // Strong praise and strong criticism at once, whatever the compound says.
    const mixed = classifyHeadline('Brilliant gameplay ruined by awful, broken servers');
    expect(mixed.sentiment).toBe('controversial');
    expect(mixed.positive).toBeGreaterThanOrEqual(0.2);
    expect(mixed.negative).toBeGreaterThanOrEqual(0.2);
    expect(classifyHeadline('Amazing launch, fans love the new game').score).toBeGreaterThan(0.05);
  });
});

describe('POST /api/sentiment', () => {
  it('answers the class and score for organizations with the headline tools', async () => {
    const { token } = await makeOrg(ctx, { capabilities: AI });
    const res = await ctx.call('POST', '/api/sentiment', { token, body: headline('Amazing launch, fans love the new game') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { sentiment: 'positive', score: 0.84, available: true, language: 'en' } });
    const neutral = await ctx.call('POST', '/api/sentiment', { token, body: headline('Company announces quarterly results') });
    expect(neutral.json().data).toMatchObject({ sentiment: 'neutral', score: 0, available: true });
    // The same fields as a JSON:API document are read too.
    const wrapped = await ctx.call('POST', '/api/sentiment', {
      token,
      body: { data: { type: 'headline', attributes: headline('Studio layoffs: terrible news for workers') } },
    });
    expect(wrapped.json().data.sentiment).toBe('negative');
  });

  it('says "not available for this language" instead of a confident neutral on other languages', async () => {
    const { token } = await makeOrg(ctx, { capabilities: AI });
    const unavailable = { sentiment: null, score: null, available: false, reason: MSG.articles.sentimentUnavailable };
    // The article's stored language decides when the web sends it…
    const stored = await ctx.call('POST', '/api/sentiment', { token, body: { ...headline('Starfall: a brilliant disaster'), language: 'es' } });
    expect(stored.statusCode).toBe(200);
    expect(stored.json().data).toEqual({ ...unavailable, language: 'es' });
    // …and a guess from the headline when it does not (these were "neutral (0.00)").
    for (const [title, language] of [
      ['El nuevo juego de Nintendo llegará en septiembre', 'es'],
      ['Starfall reseña completa', 'es'],
      ['Le jeu est magnifique mais trop court', 'fr'],
      ['Das neue Spiel ist großartig', 'de'],
      ['任天堂の新作ゲームが発売', 'ja'],
    ]) {
      const res = await ctx.call('POST', '/api/sentiment', { token, body: headline(title) });
      expect(res.json().data, title).toEqual({ ...unavailable, language });
    }
    // English headlines that trigram identification takes for French or Portuguese keep their sentiment.
    for (const title of ['Aurora Interactive unveils launch trailer', 'Nebula Quest review: a stunning space opera', 'Starfall gets a release date']) {
      const res = await ctx.call('POST', '/api/sentiment', { token, body: headline(title) });
      expect(res.json().data, title).toMatchObject({ available: true });
    }
    const english = await ctx.call('POST', '/api/sentiment', { token, body: { ...headline('Amazing launch, fans love the new game'), language: 'en' } });
    expect(english.json().data).toMatchObject({ sentiment: 'positive', available: true });
  });

  it('needs a headline', async () => {
    const { token } = await makeOrg(ctx, { capabilities: AI });
    const res = await ctx.call('POST', '/api/sentiment', { token, body: headline('   ') });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ detail: MSG.articles.headlineRequired, source: { pointer: '/article_title' } });
  });
});

describe('POST /api/translations', () => {
  it('translates to English through the LibreTranslate wire format', async () => {
    const { token } = await makeOrg(ctx, { capabilities: AI });
    const before = fake.requests.length;
    const res = await ctx.call('POST', '/api/translations', { token, body: headline('Le jeu est sorti') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { translation: fakeTranslation('Le jeu est sorti', 'en'), source_language: 'fr' } });
    expect(fake.requests.slice(before)).toEqual([
      { path: '/translate', body: { q: 'Le jeu est sorti', source: 'auto', target: 'en', format: 'text', api_key: fake.apiKey } },
    ]);
  });

  it('answers 502 with the catalogue message when the service fails', async () => {
    const { token } = await makeOrg(ctx, { capabilities: AI });
    fake.failWith = 500;
    try {
      const res = await ctx.call('POST', '/api/translations', { token, body: headline('Hola mundo') });
      expect(res.statusCode).toBe(502);
      expect(res.json().errors[0]).toMatchObject({ status: '502', code: 'bad_gateway', detail: MSG.articles.translateError });
    } finally {
      fake.failWith = null;
    }
  });

  it('tells the web whether translation is configured before anyone clicks', async () => {
    const connected = await makeOrg(ctx, { capabilities: AI });
    const on = await ctx.call('GET', '/api/headline_tools', { token: connected.token });
    expect(on.statusCode).toBe(200);
    expect(on.json().data.attributes).toEqual({ translation: { available: true, reason: null }, sentiment: { languages: ['en'] } });
    const unset = await makeOrg(bare, { capabilities: AI });
    const off = await bare.call('GET', '/api/headline_tools', { token: unset.token });
    expect(off.json().data.attributes.translation).toEqual({ available: false, reason: MSG.articles.translateNotConnected });
    // Organizations without the tools see no such route.
    expect((await ctx.call('GET', '/api/headline_tools', { token: (await makeOrg(ctx)).token })).statusCode).toBe(404);
  });

  it('answers 503 not_connected when no translation service is configured', async () => {
    const { token } = await makeOrg(bare, { capabilities: AI });
    const res = await bare.call('POST', '/api/translations', { token, body: headline('Hola mundo') });
    expect(res.statusCode).toBe(503);
    expect(res.json().errors[0]).toMatchObject({ status: '503', code: 'not_connected', detail: MSG.articles.translateNotConnected });
  });
});

describe('the translate client', () => {
  it('reports a wrong key, an unreachable service and a bad answer as request errors', async () => {
    const wrongKey = new TranslateClient({ url: fake.url, apiKey: 'nope' });
    await expect(wrongKey.translate('Hola')).rejects.toMatchObject({ status: 403, message: expect.stringContaining('Invalid API key') });
    const closed = await startFakeTranslate();
    await closed.close();
    await expect(new TranslateClient({ url: closed.url }).translate('Hola')).rejects.toBeInstanceOf(TranslateRequestError);
    await expect(new TranslateClient({ url: `${fake.url}/nowhere` }).translate('Hola')).rejects.toMatchObject({ status: 404 });
  });
});

describe('headline tools gate', () => {
  it('is 404 for organizations without the capability, and 401 without a token', async () => {
    const { token } = await makeOrg(ctx);
    const before = fake.requests.length;
    for (const path of ['/api/sentiment', '/api/translations']) {
      const res = await ctx.call('POST', path, { token, body: headline('Amazing launch') });
      expect(res.statusCode).toBe(404);
      expect((await ctx.call('POST', path, { body: headline('Amazing launch') })).statusCode).toBe(401);
    }
    expect(fake.requests.length).toBe(before);
  });
});
