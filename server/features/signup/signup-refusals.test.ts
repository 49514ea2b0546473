import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createChallenge, solveChallenge } from 'altcha-lib/v1';
import { MSG } from '../../../common/messages.js';
import { makeUser } from '../../../test/helpers/factories.js';
import { Captcha, CAPTCHA_TTL_MS, deriveCaptchaKey } from '../auth/service.js';
import { body, count, ctx, encode, signUp, solveCaptcha, totals, useSignupContext } from './signup-setup.js';

// Sign-ups that are refused (captcha, validation, taken e-mail, a failing write) and write nothing.
useSignupContext();

describe('POST p/free_user', () => {
  it('refuses a solution that was already used', async () => {
    const altcha = await solveCaptcha();
    expect((await signUp(body({ altcha }))).statusCode).toBe(201);
    const before = await totals();
    const again = await signUp(body({ altcha }));
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual([
      { status: '400', code: 'bad_request', title: 'Bad request', detail: MSG.validation.captcha, source: { pointer: '/altcha' } },
    ]);
    expect(await totals()).toEqual(before);
  });

  it('refuses wrong, forged, expired and malformed solutions', async () => {
    const res = await ctx.call('GET', '/api/p/captcha');
    const ch = res.json();
    const solution = await solveChallenge(ch.challenge, ch.salt, ch.algorithm, ch.maxnumber).promise;
    const good = { algorithm: ch.algorithm, challenge: ch.challenge, number: solution!.number, salt: ch.salt, signature: ch.signature };
    const key = deriveCaptchaKey(ctx.config.jwtSecret!);
    const foreign = await createChallenge({ hmacKey: 'another install', maxnumber: 10, number: 3, expires: new Date(Date.now() + 60_000) });
    const expired = await createChallenge({ hmacKey: key, maxnumber: 10, number: 3, expires: new Date(Date.now() - 1000) });
    const endless = await createChallenge({ hmacKey: key, maxnumber: 10, number: 3 });
    const sha1 = await createChallenge({ hmacKey: key, maxnumber: 10, number: 3, algorithm: 'SHA-1', expires: new Date(Date.now() + 60_000) });
    const cases = [
      encode({ ...good, number: (solution!.number + 1) % 1001 }),
      encode({ ...good, salt: good.salt.replace(/expires=\d+/, `expires=${Math.floor(Date.now() / 1000) + 3600}`) }),
      encode({ ...foreign, number: 3 }),
      encode({ ...expired, number: 3 }),
      encode({ ...endless, number: 3 }),
      encode({ ...sha1, number: 3 }),
      encode({ ...good, number: String(good.number) }),
      'not base64 json',
      encode([1, 2, 3]),
    ];
    for (const altcha of cases) {
      const r = await signUp(body({ altcha }));
      expect(r.statusCode, altcha).toBe(400);
      expect(r.json().errors[0]).toMatchObject({ code: 'bad_request', detail: MSG.validation.captcha, source: { pointer: '/altcha' } });
    }
    // None of the failures used the genuine solution up.
    expect((await signUp(body({ altcha: encode(good) }))).statusCode).toBe(201);
  });

  it('reports every invalid field at once, with the catalogue messages, and keeps the captcha', async () => {
    const altcha = await solveCaptcha();
    const res = await signUp({
      name: 'A',
      email: 'not-an-email',
      password: 'short',
      organization_name: 'ab',
      client_name: 'x'.repeat(51),
      project_name: 'y'.repeat(31),
      article_alert: { keywords: 'abcd' },
      youtube_alert: { keyword: 'ab' },
      twitch_alert: { keyword: 'zz', game_id: '1' },
      altcha,
    });
    expect(res.statusCode).toBe(422);
    const errors = Object.fromEntries(res.json().errors.map((e: { source: { pointer: string }; detail: string }) => [e.source.pointer, e.detail]));
    expect(errors).toEqual({
      '/name': MSG.validation.nameLength,
      '/email': MSG.validation.emailInvalid,
      '/password': MSG.validation.passwordLength,
      '/organization_name': MSG.validation.organizationLength,
      '/client_name': MSG.validation.brandLength,
      '/project_name': MSG.validation.projectLength,
      '/article_alert/keywords': MSG.validation.alertKeywords,
      '/youtube_alert/keyword': MSG.validation.feedKeyword,
      '/twitch_alert/keyword': MSG.validation.feedKeyword,
    });
    // Invalid forms are refused before the captcha is looked at, so the solution still works.
    expect((await signUp(body({ altcha }))).statusCode).toBe(201);
  });

  it('names each missing field', async () => {
    const res = await signUp({ organization_name: '', project_name: '' });
    expect(res.statusCode).toBe(422);
    // Zod reports every failed rule; the first one for a field is the one a form shows.
    const errors: Record<string, string> = {};
    for (const e of res.json().errors as { source: { pointer: string }; detail: string }[]) errors[e.source.pointer] ??= e.detail;
    expect(errors).toEqual({
      '/name': MSG.validation.nameRequired,
      '/email': MSG.validation.emailRequired,
      '/password': MSG.validation.passwordRequired,
      '/organization_name': MSG.validation.organizationEmpty,
      '/client_name': MSG.validation.brandLength,
      '/project_name': MSG.validation.projectLength,
      '/altcha': MSG.validation.captcha,
    });
  });

  it('answers 409 for an email already in use, whatever its case, and writes nothing', async () => {
    await makeUser(ctx, { email: 'taken@example.test' });
    const before = await totals();
    const res = await signUp(body({ email: 'TAKEN@Example.Test', youtube_alert: { keyword: 'engine' }, altcha: await solveCaptcha() }));
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([{ status: '409', code: 'conflict', title: 'Conflict', detail: MSG.auth.emailTaken, source: { pointer: '/email' } }]);
    expect(await totals()).toEqual(before);
  });

  it('writes nothing when a step of the transaction fails', async () => {
    // Make the last write (the YouTube feed) fail, as a real database error would.
    await ctx.deps.db.execute(
      sql.raw(`
      create function refuse_feed() returns trigger language plpgsql as $$
      begin
        if new.keyword = 'explode' then raise exception 'refused for the test'; end if;
        return new;
      end $$;
      create trigger refuse_feed before insert on youtube_feeds for each row execute function refuse_feed();`),
    );
    const before = await totals();
    const email = 'half-written@example.test';
    const res = await signUp(
      body({ email, article_alert: { keywords: 'analytical engine' }, youtube_alert: { keyword: 'explode' }, altcha: await solveCaptcha() }),
    );
    expect(res.statusCode).toBe(500);
    expect(await totals()).toEqual(before);
    expect(await count('users', sql`email = ${email}`)).toBe(0);
  });
});

describe('Captcha memory', () => {
  it('forgets redeemed challenges once they have expired, and is capped', async () => {
    let now = Date.now();
    const captcha = new Captcha({ hmacKey: 'k', maxNumber: 50, maxRemembered: 3, now: () => now });
    const solve = async () => {
      const ch = await captcha.createChallenge();
      const s = await solveChallenge(ch.challenge, ch.salt, ch.algorithm, ch.maxnumber).promise;
      return encode({ ...ch, number: s!.number });
    };
    const first = await solve();
    expect(await captcha.redeem(first)).toBe(true);
    expect(await captcha.redeem(first)).toBe(false);
    for (let i = 0; i < 4; i++) expect(await captcha.redeem(await solve())).toBe(true);
    expect(captcha.rememberedCount).toBe(3);
    now += CAPTCHA_TTL_MS + 1;
    const late = await solve();
    expect(await captcha.redeem(late)).toBe(true);
    expect(captcha.rememberedCount).toBe(1);
  });
});
