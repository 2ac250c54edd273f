import { CODE_ALPHABET } from '@kerygma/domain/account-rules';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountClient, ORIGIN } from '../test/account-client.ts';
import { startSmtpServer } from '../test/smtp-server.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';
import { ATTEMPT_LIMITS } from './attempt-limits.ts';
import { digest } from './tokens.ts';

/**
 * Device activation as RFC 8628 has it: a TV app asks for codes, a signed-in user enters the
 * user code on the website, the app polls until it gets its own session, once.
 */
describe.each(BACKENDS)('device activation on %s', (backend) => {
  let t: TestApp;
  let app: FastifyInstance;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let clock = Date.parse('2026-12-02T10:00:00Z');
  const { call, newAddress, newVerifiedUser, signIn, withCookies, me } = accountClient(
    () => app,
    () => smtp,
    '10.2.0',
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

  /** A TV app: asks for codes, and polls (with no cookies and no Origin, as an app does). */
  const device = (address = newAddress()) => ({
    start: () => call('POST', '/site/device/code', { headers: { origin: '' }, address }),
    poll: (deviceCode: string) =>
      call('POST', '/site/device/token', {
        body: { device_code: deviceCode, grant_type: 'urn:ietf:params:oauth:grant-type:device_code' },
        headers: { origin: '' },
        address,
      }),
  });

  it('gives a device its session once, after a signed-in user enters its code; polls in between are answered in RFC 8628’s words', async () => {
    await newVerifiedUser('Nympha');
    const session = await signIn('Nympha');
    const tv = device();
    const codes = await tv.start();
    expect(codes.status).toBe(200);
    expect(codes.body).toMatchObject({
      verification_uri: `${ORIGIN}/activate`,
      expires_in: 600,
      interval: 5,
    });
    const userCode = codes.body.user_code as string;
    expect(userCode).toMatch(new RegExp(`^[${CODE_ALPHABET}]{4}-[${CODE_ALPHABET}]{4}$`));
    expect(codes.body.verification_uri_complete).toBe(`${ORIGIN}/activate?code=${userCode}`);
    // Only digests are stored.
    const stored = await t.db.query<{ device_code_hash: Buffer; user_code_hash: Buffer }>(
      'SELECT device_code_hash, user_code_hash FROM device_authorization',
    );
    expect(stored.some((r) => Buffer.compare(r.device_code_hash, digest(codes.body.device_code)) === 0)).toBe(true);
    expect(stored.some((r) => Buffer.compare(r.user_code_hash, digest(userCode.replace('-', ''))) === 0)).toBe(true);

    const pending = await tv.poll(codes.body.device_code);
    expect(pending.status).toBe(400);
    expect(pending.body).toEqual({
      errors: { error: 'Waiting for the code to be entered on the website.' },
      status: 400,
      code: 'authorization_pending',
    });
    clock += 2_000;
    const tooSoon = await tv.poll(codes.body.device_code);
    expect(tooSoon.body.code).toBe('slow_down');
    expect(tooSoon.body.errors).toEqual({ error: 'Too many requests: wait 10 seconds between them.' });
    // The interval is now 10 s: 6 s later is still too soon.
    clock += 6_000;
    expect((await tv.poll(codes.body.device_code)).body.code).toBe('slow_down');
    clock += 15_000;
    expect((await tv.poll(codes.body.device_code)).body.code).toBe('authorization_pending');

    expect((await call('POST', '/site/device/activate', { body: { userCode } })).status).toBe(401);
    const typed = userCode.toLowerCase().replace('-', ' ');
    const approved = await call('POST', '/site/device/activate', {
      body: { userCode: typed },
      headers: withCookies(session),
    });
    expect(approved.status).toBe(200);
    clock += 20_000;
    const tokens = await tv.poll(codes.body.device_code);
    expect(tokens.status).toBe(200);
    expect(tokens.body).toMatchObject({ expires_in: 900 });
    expect(tokens.cookies).toEqual([]);
    expect((await me({ authorization: `Bearer ${tokens.body.access_token}` })).body.username).toBe('Nympha');
    const renewed = await call('POST', '/site/users/refresh', {
      body: { refresh_token: tokens.body.refresh_token },
      headers: { origin: '' },
    });
    expect(renewed.status).toBe(200);

    clock += 20_000;
    const again = await tv.poll(codes.body.device_code);
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('invalid_grant');
    const reused = await call('POST', '/site/device/activate', { body: { userCode }, headers: withCookies(session) });
    expect(reused.status).toBe(400);
    expect(reused.body.errors).toEqual({ userCode: 'This code is wrong, already used or expired.' });
  });

  it('answers access_denied when the user refuses, and expired_token after ten minutes', async () => {
    await newVerifiedUser('Archippus');
    const session = await signIn('Archippus');
    const tv = device();
    const refused = (await tv.start()).body;
    const denied = await call('POST', '/site/device/activate', {
      body: { userCode: refused.user_code, approve: false },
      headers: withCookies(session),
    });
    expect(denied.status).toBe(200);
    const answer = await tv.poll(refused.device_code);
    expect(answer.body).toMatchObject({ status: 400, code: 'access_denied' });
    expect(answer.body.errors).toEqual({ error: 'The activation was refused.' });

    const late = (await tv.start()).body;
    clock += 601_000;
    const expired = await tv.poll(late.device_code);
    expect(expired.body).toMatchObject({ status: 400, code: 'expired_token' });
    const tooLate = await call('POST', '/site/device/activate', {
      body: { userCode: late.user_code },
      headers: withCookies(session),
    });
    expect(tooLate.status).toBe(400);
    expect((await tv.poll(late.device_code)).body.code).toBe('expired_token');
    expect((await tv.poll('no-such-device-code')).body.code).toBe('invalid_grant');
  });

  it('refuses a user code entered from another site, and limits how many codes an address asks for', async () => {
    await newVerifiedUser('Gaius');
    const session = await signIn('Gaius');
    const tv = device();
    const codes = (await tv.start()).body;
    const forged = await call('POST', '/site/device/activate', {
      body: { userCode: codes.user_code },
      headers: withCookies(session, { origin: 'https://evil.example' }),
    });
    expect(forged.status).toBe(403);
    expect((await tv.poll(codes.device_code)).body.code).toBe('authorization_pending');

    const address = newAddress();
    for (let i = 0; i < ATTEMPT_LIMITS.deviceCodeAddress.limit; i++)
      expect((await device(address).start()).status).toBe(200);
    const over = await device(address).start();
    expect(over.status).toBe(429);
    expect(over.body.errors.error).toMatch(/^Too many attempts\. Try again in \d+ minutes?\.$/);
  });
});
