import { ACCOUNT_RULES } from '@kerygma/domain/account-rules';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountClient, ORIGIN, PASSWORD } from '../test/account-client.ts';
import { startSmtpServer } from '../test/smtp-server.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';
import { ATTEMPT_LIMITS } from './attempt-limits.ts';

describe.each(BACKENDS)('accounts on %s', (backend) => {
  let t: TestApp;
  let app: FastifyInstance;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let clock = Date.parse('2026-12-02T10:00:00Z');
  const { call, codeIn, newAddress, newVerifiedUser, signIn, withCookies, me } = accountClient(
    () => app,
    () => smtp,
  );

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp(backend, { env: { SMTP_URL: smtp.url }, now: () => clock });
    app = t.app;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('refuses sign-ups that break the rules, naming the field, and creates nothing', async () => {
    const email = 'rules@example.org';
    const bad: [string, object, string][] = [
      ['ab', { email, password: PASSWORD }, 'username'],
      ['a'.repeat(ACCOUNT_RULES.usernameMaxLength + 1), { email, password: PASSWORD }, 'username'],
      ['bad_name', { email, password: PASSWORD }, 'username'],
      ['rulesone', { email, password: 'Short1' }, 'password'],
      ['rulesone', { email, password: 'nocapitalsordigits' }, 'password'],
      ['rulesone', { email, password: PASSWORD, password_confirmation: 'Narrow gate 8' }, 'password_confirmation'],
      ['rulesone', { email: 'no at sign.org', password: PASSWORD }, 'email'],
    ];
    for (const [username, body, field] of bad) {
      const answer = await call('POST', `/site/users/${username}`, { body, address: newAddress() });
      expect(answer.status, `${username} ${JSON.stringify(body)}`).toBe(400);
      expect(Object.keys(answer.body.errors)).toContain(field);
    }
    expect((await call('GET', '/site/users/available?email=rules@example.org')).body).toEqual({ available: true });
    expect(smtp.inbox.filter((m) => m.to === email)).toEqual([]);
  });

  it('stores an argon2id hash, and a taken name or address, in any case, is a 409 with its message', async () => {
    await newVerifiedUser('Lydia');
    const stored = await t.db.query<{ password_hash: string }>(
      "SELECT password_hash FROM app_user WHERE username = 'Lydia'",
    );
    expect(stored[0]?.password_hash).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=1\$/);
    expect((await call('GET', '/site/users/available?username=lydia')).body).toEqual({ available: false });
    expect((await call('GET', '/site/users/available?email=LYDIA@example.org')).body).toEqual({ available: false });
    expect((await call('GET', '/site/users/available?username=Phoebe')).body).toEqual({ available: true });

    const sameName = await call('POST', '/site/users/LYDIA', {
      body: { email: 'other@example.org', password: PASSWORD },
      address: newAddress(),
    });
    expect(sameName.status).toBe(409);
    expect(sameName.body.errors).toEqual({ username: 'This username is already taken.' });
    const sameEmail = await call('POST', '/site/users/Lydia2', {
      body: { email: 'Lydia@Example.org', password: PASSWORD },
      address: newAddress(),
    });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.errors).toEqual({ email: 'An account already uses this e-mail address.' });
  });

  it('mails the verification code in the asker’s language; a wrong, replaced or replayed code is refused', async () => {
    const email = 'priscilla@example.org';
    const created = await call('POST', '/site/users/Priscilla', {
      body: { email, password: PASSWORD, display_name: 'Priscilla' },
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
      address: newAddress(),
    });
    expect(created.status).toBe(201);
    expect(created.body.user).toMatchObject({ username: 'Priscilla', verified: false, roles: [], admin: false });
    const first = await smtp.next(email);
    expect(first.subject).toBe('Bestätige deine E-Mail-Adresse für Kerygma');
    const firstCode = codeIn(first.text);
    expect(first.text).toContain(`${ORIGIN}/de/user/verify?code=${firstCode}`);

    expect((await call('POST', '/site/activations/resend', { body: { username: 'priscilla' } })).status).toBe(202);
    const secondCode = codeIn((await smtp.next(email)).text);
    expect(secondCode).not.toBe(firstCode);

    const replaced = await call('POST', `/site/activations/${firstCode}/activate`);
    expect(replaced.status).toBe(400);
    expect(replaced.body.errors).toEqual({ code: 'This code is wrong, already used or expired.' });
    expect((await call('POST', '/site/activations/ABCDEFGH/activate')).status).toBe(400);

    expect((await call('POST', `/site/activations/${secondCode.toLowerCase()}/activate`)).status).toBe(200);
    expect((await call('POST', `/site/activations/${secondCode}/activate`)).status).toBe(400);
    const session = await signIn('Priscilla');
    expect(session.body.user.verified).toBe(true);
  });

  it('signs in with remember-me into one-year httpOnly, Secure, SameSite=Lax cookies; without it, browser-session cookies', async () => {
    await newVerifiedUser('Aquila');
    const wrong = await call('POST', '/site/users/Aquila/login', { body: { password: 'Narrow gate 8' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.errors).toEqual({ error: 'The username or password is incorrect.' });
    expect(wrong.cookies).toEqual([]);

    const remembered = await signIn('aquila@example.org', { remember: true });
    expect(remembered.body).toMatchObject({ expires_in: 900, user: { username: 'Aquila' } });
    const [access, refresh] = remembered.cookies;
    expect(access).toMatch(/^kerygma_access=[\w-]{43}; Path=\/; Max-Age=900; HttpOnly; Secure; SameSite=Lax$/);
    expect(refresh).toMatch(
      /^kerygma_refresh=[\w-]{43}; Path=\/api\/v2\/site\/users; Max-Age=31536000; HttpOnly; Secure; SameSite=Lax$/,
    );
    const browserSession = await signIn('Aquila');
    for (const cookie of browserSession.cookies) expect(cookie).not.toContain('Max-Age');

    const user = await me(withCookies(remembered));
    expect(user.status).toBe(200);
    expect(user.body).toMatchObject({ username: 'Aquila', email: 'aquila@example.org', verified: true });
    expect((await me({ authorization: `Bearer ${browserSession.body.access_token}` })).body.username).toBe('Aquila');
  });

  it('refuses forged cookies and tokens with 401', async () => {
    const forged = await me({ cookie: 'kerygma_access=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
    expect(forged.status).toBe(401);
    expect(forged.body.errors).toEqual({ error: 'Please sign in to continue.' });
    expect((await me({})).status).toBe(401);
    expect((await call('POST', '/site/users/refresh', { body: { refresh_token: 'forged' } })).status).toBe(401);
  });

  it('ends the access token after 900 s and the refresh token after a year; refreshing rotates both', async () => {
    await newVerifiedUser('Timothy');
    const session = await signIn('Timothy', { remember: true });
    clock += 899_000;
    expect((await me(withCookies(session))).status).toBe(200);
    clock += 2_000;
    expect((await me(withCookies(session))).status).toBe(401);

    const renewed = await call('POST', '/site/users/refresh', { headers: withCookies(session) });
    expect(renewed.status).toBe(200);
    expect(renewed.body.refresh_token).not.toBe(session.body.refresh_token);
    expect(renewed.cookies[1]).toContain('Max-Age=31536000');
    expect((await me(withCookies(renewed))).status).toBe(200);

    clock += 366 * 24 * 3600_000;
    const late = await call('POST', '/site/users/refresh', { headers: withCookies(renewed) });
    expect(late.status).toBe(401);
    expect(late.body.errors).toEqual({ error: 'Your session has ended. Please sign in again.' });
    expect(late.setCookie.kerygma_access).toBe('');
  });

  it('ends the whole session when a rotated refresh token is used again', async () => {
    await newVerifiedUser('Titus');
    const stolen = await signIn('Titus');
    const renewed = await call('POST', '/site/users/refresh', { body: { refresh_token: stolen.body.refresh_token } });
    expect(renewed.status).toBe(200);
    // The old access token went with its refresh token.
    expect((await me({ authorization: `Bearer ${stolen.body.access_token}` })).status).toBe(401);

    const replayed = await call('POST', '/site/users/refresh', { body: { refresh_token: stolen.body.refresh_token } });
    expect(replayed.status).toBe(401);
    expect((await me({ authorization: `Bearer ${renewed.body.access_token}` })).status).toBe(401);
    const next = await call('POST', '/site/users/refresh', { body: { refresh_token: renewed.body.refresh_token } });
    expect(next.status).toBe(401);
    // Another session of the same user lives on.
    const other = await signIn('Titus');
    expect((await me(withCookies(other))).status).toBe(200);
  });

  it('ends the session when one refresh token is traded twice at the same moment', async () => {
    await newVerifiedUser('Tychicus');
    const session = await signIn('Tychicus');
    const trade = () => call('POST', '/site/users/refresh', { body: { refresh_token: session.body.refresh_token } });
    const answers = await Promise.all([trade(), trade()]);
    expect(answers.map((a) => a.status)).toContain(401);
    for (const answer of answers.filter((a) => a.status === 200))
      expect((await me({ authorization: `Bearer ${answer.body.access_token}` })).status).toBe(401);
  });

  it('signs out one session, and signs out everywhere at once', async () => {
    await newVerifiedUser('Silas');
    const laptop = await signIn('Silas');
    const phone = await signIn('Silas');
    const tablet = await signIn('Silas');

    const out = await call('POST', '/site/users/logout', { headers: withCookies(tablet) });
    expect(out.status).toBe(200);
    expect(out.setCookie).toEqual({ kerygma_access: '', kerygma_refresh: '', kerygma_signed_in: '' });
    expect((await me(withCookies(tablet))).status).toBe(401);
    expect((await me(withCookies(laptop))).status).toBe(200);

    expect((await call('POST', '/site/users/logout_all', { headers: withCookies(phone) })).status).toBe(200);
    expect((await me(withCookies(laptop))).status).toBe(401);
    expect((await me(withCookies(phone))).status).toBe(401);
    expect((await call('POST', '/site/users/refresh', { headers: withCookies(laptop) })).status).toBe(401);
  });

  it('refuses a cookie-authenticated write from another site or without an Origin, and changes nothing', async () => {
    await newVerifiedUser('Apollos');
    const session = await signIn('Apollos');
    for (const headers of [
      withCookies(session, { origin: 'https://evil.example' }),
      withCookies(session, { origin: '', referer: 'https://evil.example/page' }),
      withCookies(session, { origin: '' }),
    ]) {
      const refused = await call('POST', '/site/users/logout_all', { headers });
      expect(refused.status).toBe(403);
      expect(refused.body.errors).toEqual({ error: 'This request came from another website and was refused.' });
    }
    const loginFromElsewhere = await call('POST', '/site/users/Apollos/login', {
      body: { password: PASSWORD },
      headers: { origin: 'https://evil.example' },
    });
    expect(loginFromElsewhere.status).toBe(403);
    expect((await me(withCookies(session))).status).toBe(200);
    // An app with its bearer token and no cookies sends no Origin.
    const app = await signIn('Apollos');
    const bearer = await call('POST', '/site/users/logout_all', {
      headers: { origin: '', authorization: `Bearer ${app.body.access_token}` },
    });
    expect(bearer.status).toBe(200);
    expect((await me(withCookies(session))).status).toBe(401);
  });

  it('resets a password with its one-use code, which expires after an hour, and ends every session', async () => {
    const email = await newVerifiedUser('Phoebe');
    const before = await signIn('Phoebe');
    expect((await call('POST', '/site/users/Phoebe/requestreset', { address: newAddress() })).status).toBe(202);
    const mail = await smtp.next(email);
    expect(mail.subject).toBe('Reset your Kerygma password');
    const code = codeIn(mail.text);
    expect(mail.text).toContain(`${ORIGIN}/user/reset-password?code=${code}`);

    const wrong = await call('POST', '/site/users/reset', {
      body: { password_reset_code: 'ZZZZZZZZ', password: 'New path 9' },
      address: newAddress(),
    });
    expect(wrong.status).toBe(400);
    const reset = await call('POST', '/site/users/reset', {
      body: { password_reset_code: code, password: 'New path 9' },
      address: newAddress(),
    });
    expect(reset.status).toBe(200);
    expect((await me(withCookies(before))).status).toBe(401);
    expect((await call('POST', '/site/users/Phoebe/login', { body: { password: PASSWORD } })).status).toBe(401);
    expect((await call('POST', '/site/users/Phoebe/login', { body: { password: 'New path 9' } })).status).toBe(200);
    const replayed = await call('POST', '/site/users/reset', {
      body: { password_reset_code: code, password: 'Other path 9' },
      address: newAddress(),
    });
    expect(replayed.status).toBe(400);

    await call('POST', '/site/users/phoebe@example.org/requestreset', { address: newAddress() });
    const late = codeIn((await smtp.next(email)).text);
    clock += 61 * 60_000;
    const expired = await call('POST', '/site/users/reset', {
      body: { password_reset_code: late, password: 'Other path 9' },
      address: newAddress(),
    });
    expect(expired.status).toBe(400);
    expect(expired.body.errors).toEqual({ code: 'This code is wrong, already used or expired.' });
  });

  it('answers 429 with a clear message past the sign-in limits per account and per address, counted in the database', async () => {
    await newVerifiedUser('Erastus');
    const { limit } = ATTEMPT_LIMITS.signInAccount;
    for (let i = 0; i < limit; i++) {
      const wrong = await call('POST', '/site/users/Erastus/login', {
        body: { password: 'nope' },
        address: newAddress(),
      });
      expect(wrong.status).toBe(401);
    }
    const locked = await call('POST', '/site/users/erastus/login', {
      body: { password: PASSWORD },
      address: newAddress(),
    });
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({
      errors: { error: 'Too many attempts. Try again in 15 minutes.' },
      status: 429,
      code: 'rate_limited',
    });
    expect(locked.headers['retry-after']).toBe('900');
    const counted = await t.db.query<{ count: number }>(
      "SELECT count FROM rate_limit WHERE key = 'signInAccount:erastus'",
    );
    expect(counted[0]?.count).toBe(limit + 1);
    clock += 15 * 60_000;
    expect((await call('POST', '/site/users/Erastus/login', { body: { password: PASSWORD } })).status).toBe(200);
    const ended = await t.db.query('SELECT key FROM rate_limit WHERE window_ends_at <= $1', [new Date(clock)]);
    expect(ended).toEqual([]);

    const address = newAddress();
    for (let i = 0; i < ATTEMPT_LIMITS.signInAddress.limit; i++)
      await call('POST', `/site/users/nobody${i}/login`, { body: { password: 'nope' }, address });
    expect((await call('POST', '/site/users/Erastus/login', { body: { password: PASSWORD }, address })).status).toBe(
      429,
    );
  });

  it('answers 429 past the sign-up, resend and reset limits', async () => {
    const address = newAddress();
    for (let i = 0; i < ATTEMPT_LIMITS.signUpAddress.limit; i++) {
      const body = { email: `flood${i}@example.org`, password: PASSWORD };
      expect((await call('POST', `/site/users/flood${i}`, { body, address })).status).toBe(201);
    }
    const over = await call('POST', '/site/users/floodmore', {
      body: { email: 'floodmore@example.org', password: PASSWORD },
      address,
    });
    expect(over.status).toBe(429);
    expect(over.body.errors.error).toMatch(/^Too many attempts\. Try again in \d+ minutes\.$/);

    for (let i = 0; i < ATTEMPT_LIMITS.resendAccount.limit; i++)
      expect((await call('POST', '/site/activations/resend', { body: { username: 'flood0' } })).status).toBe(202);
    expect((await call('POST', '/site/activations/resend', { body: { username: 'flood0' } })).status).toBe(429);

    for (let i = 0; i < ATTEMPT_LIMITS.resetAccount.limit; i++)
      expect((await call('POST', '/site/users/flood1/requestreset', { address: newAddress() })).status).toBe(202);
    expect((await call('POST', '/site/users/flood1/requestreset', { address: newAddress() })).status).toBe(429);
  });
});
