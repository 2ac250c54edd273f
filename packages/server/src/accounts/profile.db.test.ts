import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ACCOUNT_RULES } from '@kerygma/domain/account-rules';
import { probePicture } from '@kerygma/ffmpeg/probe';
import { run } from '@kerygma/ffmpeg/run';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountClient, ORIGIN, PASSWORD } from '../test/account-client.ts';
import { startSmtpServer } from '../test/smtp-server.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';
import { ATTEMPT_LIMITS } from './attempt-limits.ts';

const scratch = mkdtempSync(path.join(tmpdir(), 'kerygma-pictures-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A test picture made by ffmpeg: `size` as WxH, in the format its extension names. */
async function picture(name: string, size: string): Promise<Buffer> {
  const file = path.join(scratch, name);
  await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=s=${size}:d=1`, '-frames:v', '1', '-y', file]);
  return readFileSync(file);
}

async function pictureOf(bytes: Buffer) {
  const file = path.join(scratch, `probe-${Math.random().toString(36).slice(2)}`);
  await import('node:fs/promises').then((fs) => fs.writeFile(file, bytes));
  return probePicture(file);
}

describe.each(BACKENDS)('the account’s own profile on %s', (backend) => {
  let t: TestApp;
  let app: FastifyInstance;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let clock = Date.parse('2026-12-02T10:00:00Z');
  const { call, codeIn, newAddress, newVerifiedUser, signIn, withCookies, me } = accountClient(
    () => app,
    () => smtp,
    '10.1.0',
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

  const row = async (username: string) =>
    (
      await t.db.query<Record<string, unknown>>(
        `SELECT email, pending_email, display_name, profile_picture, my_church_broadcaster_id,
           web_preferences::text AS web_preferences FROM app_user WHERE username = $1`,
        [username],
      )
    )[0];

  it('changes the profile fields sent, and refuses an unknown broadcaster, bad preferences or a foreign origin, changing nothing', async () => {
    await newVerifiedUser('Lois');
    const session = await signIn('Lois');
    const patch = (body: object, headers = withCookies(session)) => call('PATCH', '/site/users', { body, headers });

    const changed = await patch({
      display_name: 'Lois of Lystra',
      display_location: 'Lystra',
      gender: 'female',
      birth_year: 1950,
      church_leader: true,
      newsletter_opt_in: true,
      notify_email: true,
      notify_mobile: false,
      myChurchBroadcasterID: 'GraceChurch',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      username: 'Lois',
      display_name: 'Lois of Lystra',
      display_location: 'Lystra',
      gender: 'female',
      birth_year: 1950,
      church_leader: true,
      newsletter_opt_in: true,
      notify_email: true,
      notify_mobile: false,
      myChurchBroadcasterID: 'gracechurch',
    });
    expect((await me(withCookies(session))).body.myChurchBroadcasterID).toBe('gracechurch');

    const unknown = await patch({ display_name: 'Someone else', myChurchBroadcasterID: 'nosuchchurch' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ myChurchBroadcasterID: 'There is no broadcaster with this ID.' });
    const notJson = await patch({ display_name: 'Someone else', web_preferences: '{not json' });
    expect(notJson.status).toBe(400);
    expect(notJson.body.errors).toEqual({ web_preferences: 'The preferences must be JSON text of an object.' });
    const badYear = await patch({ birth_year: 2999 });
    expect(badYear.status).toBe(400);
    const foreign = await patch({ display_name: 'Forged' }, withCookies(session, { origin: 'https://evil.example' }));
    expect(foreign.status).toBe(403);
    expect(foreign.body.errors).toEqual({ error: 'This request came from another website and was refused.' });
    expect((await call('PATCH', '/site/users', { body: { display_name: 'Nobody' } })).status).toBe(401);
    expect(await row('Lois')).toMatchObject({
      display_name: 'Lois of Lystra',
      my_church_broadcaster_id: 'gracechurch',
    });

    const cleared = await patch({ myChurchBroadcasterID: null, gender: null });
    expect(cleared.body).toMatchObject({ myChurchBroadcasterID: null, gender: null, display_name: 'Lois of Lystra' });
  });

  it('keeps only the known preferences, adds dismissed messages to those stored, and stamps the time', async () => {
    await newVerifiedUser('Zenas');
    const session = await signIn('Zenas');
    const save = (prefs: object) =>
      call('PATCH', '/site/users', { body: { web_preferences: JSON.stringify(prefs) }, headers: withCookies(session) });

    const first = await save({ shown: ['welcome'], multiviewIds: [3, 4], colour: 'blue', t: 1 });
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body.web_preferences)).toEqual({ t: clock, shown: ['welcome'], multiviewIds: [3, 4] });
    clock += 60_000;
    // Another device that has not seen 'welcome' dismissed sends its own list.
    const second = await save({ shown: ['learnSermonEditor', 'unknownMessage'], multiviewId: 9 });
    expect(JSON.parse(second.body.web_preferences)).toEqual({
      t: clock,
      shown: ['welcome', 'learnSermonEditor'],
      multiviewId: 9,
      multiviewIds: [3, 4],
    });
    expect(JSON.parse((await me(withCookies(session))).body.web_preferences)).toEqual(
      JSON.parse(second.body.web_preferences),
    );
  });

  it('changes the password with the current one: other sessions end, this one goes on with new tokens', async () => {
    await newVerifiedUser('Onesimus');
    const here = await signIn('Onesimus', { remember: true });
    const elsewhere = await signIn('Onesimus');
    const change = (body: object, address = newAddress()) =>
      call('POST', '/site/users/change_password', { body, headers: withCookies(here), address });

    const wrong = await change({ current_password: 'Not my password 1', password: 'Useful now 9' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.errors).toEqual({ current_password: 'The current password is incorrect.' });
    expect((await me(withCookies(elsewhere))).status).toBe(200);
    expect((await call('POST', '/site/users/Onesimus/login', { body: { password: PASSWORD } })).status).toBe(200);
    const weak = await change({ current_password: PASSWORD, password: 'short' });
    expect(weak.status).toBe(400);

    const changed = await change({ current_password: PASSWORD, password: 'Useful now 9' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ expires_in: 900, user: { username: 'Onesimus' } });
    expect(changed.cookies[0]).toMatch(/^kerygma_access=[\w-]{43}; Path=\/; Max-Age=900; HttpOnly/);
    expect(changed.body.access_token).not.toBe(here.body.access_token);
    expect((await me(withCookies(changed))).status).toBe(200);
    expect((await me({ authorization: `Bearer ${changed.body.access_token}` })).status).toBe(200);
    expect((await me(withCookies(here))).status).toBe(401);
    expect((await me(withCookies(elsewhere))).status).toBe(401);
    expect((await call('POST', '/site/users/refresh', { headers: withCookies(elsewhere) })).status).toBe(401);
    expect((await call('POST', '/site/users/refresh', { headers: withCookies(changed) })).status).toBe(200);
    expect((await call('POST', '/site/users/Onesimus/login', { body: { password: PASSWORD } })).status).toBe(401);
    await signIn('Onesimus', { password: 'Useful now 9' });
  });

  it('counts wrong current passwords with sign-in attempts: past the limit, 429', async () => {
    await newVerifiedUser('Epaphras');
    const session = await signIn('Epaphras');
    // The sign-in above counted one attempt for the account.
    for (let i = 1; i < ATTEMPT_LIMITS.signInAccount.limit; i++) {
      const wrong = await call('POST', '/site/users/change_password', {
        body: { current_password: `Guess number ${i}`, password: 'Useful now 9' },
        headers: withCookies(session),
        address: newAddress(),
      });
      expect(wrong.status).toBe(403);
    }
    const locked = await call('POST', '/site/users/change_password', {
      body: { current_password: PASSWORD, password: 'Useful now 9' },
      headers: withCookies(session),
      address: newAddress(),
    });
    expect(locked.status).toBe(429);
    expect(locked.body.errors).toEqual({ error: 'Too many attempts. Try again in 15 minutes.' });
    clock += 15 * 60_000;
  });

  it('changes the e-mail address only when the code mailed to the new one is used, and tells the old one', async () => {
    const old = await newVerifiedUser('Demas');
    await t.db.query("UPDATE app_user SET locale = 'de' WHERE username = 'Demas'");
    await newVerifiedUser('Crescens');
    const session = await signIn('Demas');
    const change = (body: object) =>
      call('POST', '/site/users/change_email', { body, headers: withCookies(session), address: newAddress() });

    const wrong = await change({ current_password: 'Not my password 1', email: 'demas@new.example' });
    expect(wrong.status).toBe(403);
    const taken = await change({ current_password: PASSWORD, email: 'CRESCENS@example.org' });
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual({ email: 'An account already uses this e-mail address.' });
    expect(await row('Demas')).toMatchObject({ email: old, pending_email: null });

    const asked = await change({ current_password: PASSWORD, email: 'demas@new.example' });
    expect(asked.status).toBe(202);
    expect(asked.body.user).toMatchObject({ email: old, pending_email: 'demas@new.example' });
    const mail = await smtp.next('demas@new.example');
    expect(mail.subject).toBe('Bestätige deine neue E-Mail-Adresse für Kerygma');
    const code = codeIn(mail.text);
    expect(mail.text).toContain(`${ORIGIN}/de/user/verify?code=${code}`);
    // Until the code is used, the old address signs in and the new one does not.
    await signIn(old);
    expect((await call('POST', '/site/users/demas@new.example/login', { body: { password: PASSWORD } })).status).toBe(
      401,
    );

    expect((await call('POST', `/site/activations/${code}/activate`)).status).toBe(200);
    const notice = await smtp.next(old);
    expect(notice.subject).toBe('Deine E-Mail-Adresse bei Kerygma wurde geändert');
    expect(notice.text).toContain('demas@new.example');
    expect(await row('Demas')).toMatchObject({ email: 'demas@new.example', pending_email: null });
    await signIn('demas@new.example');
    expect((await call('POST', `/site/users/${old}/login`, { body: { password: PASSWORD } })).status).toBe(401);
    const replayed = await call('POST', `/site/activations/${code}/activate`);
    expect(replayed.status).toBe(400);
    expect(replayed.body.errors).toEqual({ code: 'This code is wrong, already used or expired.' });
  });

  it('refuses an expired e-mail code, and a new address taken meanwhile, changing nothing', async () => {
    const old = await newVerifiedUser('Hermogenes');
    const session = await signIn('Hermogenes');
    const change = (email: string) =>
      call('POST', '/site/users/change_email', {
        body: { current_password: PASSWORD, email },
        headers: withCookies(session),
        address: newAddress(),
      });

    expect((await change('late@example.org')).status).toBe(202);
    const late = codeIn((await smtp.next('late@example.org')).text);
    clock += 25 * 3600_000;
    expect((await call('POST', `/site/activations/${late}/activate`)).status).toBe(400);
    expect(await row('Hermogenes')).toMatchObject({ email: old });

    const refreshed = await call('POST', '/site/users/refresh', { headers: withCookies(session) });
    expect(refreshed.status).toBe(200);
    const again = await call('POST', '/site/users/change_email', {
      body: { current_password: PASSWORD, email: 'contested@example.org' },
      headers: withCookies(refreshed),
      address: newAddress(),
    });
    expect(again.status).toBe(202);
    const code = codeIn((await smtp.next('contested@example.org')).text);
    // Someone else signs up with the address before the code is used.
    const other = await call('POST', '/site/users/Phygelus', {
      body: { email: 'contested@example.org', password: PASSWORD },
      address: newAddress(),
    });
    expect(other.status).toBe(201);
    const taken = await call('POST', `/site/activations/${code}/activate`);
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual({ email: 'An account already uses this e-mail address.' });
    expect(await row('Hermogenes')).toMatchObject({ email: old, pending_email: 'contested@example.org' });
  });

  it('takes a profile picture by content, stores square sizes served at its address, and replaces or removes it', async () => {
    await newVerifiedUser('Tabitha');
    const session = await signIn('Tabitha');
    const slot = async () => {
      const answer = await call('POST', '/site/users/upload_profile_picture', { headers: withCookies(session) });
      expect(answer.status).toBe(200);
      expect(answer.body.uploadURL).toMatch(new RegExp(`^${ORIGIN}/api/v2/site/users/profile_picture/[0-9a-f-]{36}$`));
      return answer.body.uploadURL as string;
    };
    const put = (url: string, bytes: Buffer, headers: Record<string, string> = withCookies(session)) =>
      call('PUT', url, { body: bytes, headers: { ...headers, 'content-type': 'application/octet-stream' } });
    const get = (url: string) => app.inject({ method: 'GET', url });

    const url = await slot();
    const png = await picture('wide.png', '300x240');
    const stored = await put(url, png);
    expect(stored.status).toBe(200);
    const address = stored.body.profile_picture as string;
    expect(address).toMatch(/^\/media\/users\/[\w-]+\/\{size\}\.jpg$/);
    expect((await me(withCookies(session))).body.profile_picture).toBe(address);
    for (const size of ACCOUNT_RULES.pictureSizes) {
      const file = await get(address.replace('{size}', String(size)));
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/jpeg');
      expect(await pictureOf(file.rawPayload)).toEqual({ codec: 'mjpeg', width: size, height: size });
    }
    // A slot works once.
    expect((await put(url, png)).status).toBe(404);

    const small = await put(await slot(), await picture('small.png', `${ACCOUNT_RULES.pictureMinPixels - 1}x400`));
    expect(small.status).toBe(400);
    expect(small.body.errors).toEqual({
      file: `This picture cannot be used: send a JPEG, PNG, GIF, WebP or BMP image at least ${ACCOUNT_RULES.pictureMinPixels} pixels wide and high.`,
    });
    const text = await put(await slot(), Buffer.from('GIF89a, but only words follow, no picture at all'));
    expect(text.status).toBe(400);
    expect(text.body.code).toBe('invalid_image');
    const foreignSlot = await slot();
    const foreign = await put(foreignSlot, png, withCookies(session, { origin: 'https://evil.example' }));
    expect(foreign.status).toBe(403);
    expect((await me(withCookies(session))).body.profile_picture).toBe(address);

    for (const name of ['photo.jpg', 'anim.gif', 'pic.webp', 'old.bmp']) {
      const replaced = await put(await slot(), await picture(name, '400x400'));
      expect(replaced.status, name).toBe(200);
      expect(replaced.body.profile_picture, name).not.toBe(address);
      expect((await get(replaced.body.profile_picture.replace('{size}', '64'))).statusCode, name).toBe(200);
    }
    // The first picture's files went when it was replaced.
    expect((await get(address.replace('{size}', '200'))).statusCode).toBe(404);
    const latest = (await me(withCookies(session))).body.profile_picture as string;

    const removed = await call('POST', '/site/users/delete_profile_picture', { headers: withCookies(session) });
    expect(removed.status).toBe(200);
    expect(removed.body.profile_picture).toBeNull();
    expect((await get(latest.replace('{size}', '200'))).statusCode).toBe(404);
    expect((await call('POST', '/site/users/upload_profile_picture')).status).toBe(401);
  }, 240_000);

  it('refuses a picture under the minimum on either side and bytes that are not a whole picture, storing nothing', async () => {
    await newVerifiedUser('Pudens');
    const session = await signIn('Pudens');
    const answer = await call('POST', '/site/users/upload_profile_picture', { headers: withCookies(session) });
    const put = (bytes: Buffer) =>
      call('PUT', answer.body.uploadURL, {
        body: bytes,
        headers: { ...withCookies(session), 'content-type': 'application/octet-stream' },
      });
    const min = ACCOUNT_RULES.pictureMinPixels;
    const whole = await picture('whole.jpg', `${min}x${min}`);
    const refused: [string, Buffer][] = [
      ['one pixel too short', await picture('short.png', `${min}x${min - 1}`)],
      ['one pixel too narrow', await picture('narrow.jpg', `${min - 1}x${min}`)],
      ['a small BMP', await picture('small.bmp', `${min - 1}x${min - 1}`)],
      ['a PDF', Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n')],
      ['a JPEG cut short', whole.subarray(0, Math.floor(whole.length / 2))],
      ['a BMP header with no pixels', (await picture('empty.bmp', `${min}x${min}`)).subarray(0, 60)],
    ];
    const storedPictureFiles = () => {
      const users = path.join(t.mediaDir, 'users');
      return existsSync(users) ? readdirSync(users, { recursive: true }).sort() : [];
    };
    const before = storedPictureFiles();
    for (const [what, bytes] of refused) {
      const answered = await put(bytes);
      expect(answered.status, what).toBe(400);
      expect(answered.body.code, what).toBe('invalid_image');
      expect(answered.body.errors, what).toEqual({
        file: `This picture cannot be used: send a JPEG, PNG, GIF, WebP or BMP image at least ${min} pixels wide and high.`,
      });
    }
    expect((await me(withCookies(session))).body.profile_picture).toBeNull();
    expect(storedPictureFiles()).toEqual(before);
    // The slot stayed for another try: a picture exactly the minimum is taken.
    const taken = await put(whole);
    expect(taken.status).toBe(200);
    const file = await app.inject({ method: 'GET', url: taken.body.profile_picture.replace('{size}', '400') });
    expect(await pictureOf(file.rawPayload)).toEqual({ codec: 'mjpeg', width: 400, height: 400 });
  }, 120_000);

  it('deletes the account with its password, and everything kept for it', async () => {
    await newVerifiedUser('Alexander');
    const session = await signIn('Alexander');
    const other = await signIn('Alexander');
    const [{ user_id: userId } = { user_id: 0 }] = await t.db.query<{ user_id: number }>(
      "SELECT user_id FROM app_user WHERE username = 'Alexander'",
    );
    await t.db.query(
      "INSERT INTO user_broadcaster_role (user_id, broadcaster_id, role) VALUES ($1, 'gracechurch', 3)",
      [userId],
    );
    const slot = await call('POST', '/site/users/upload_profile_picture', { headers: withCookies(session) });
    const pictured = await call('PUT', slot.body.uploadURL, {
      body: await picture('me.png', '250x250'),
      headers: { ...withCookies(session), 'content-type': 'image/png' },
    });
    const pictureUrl = (pictured.body.profile_picture as string).replace('{size}', '64');
    await call('POST', '/site/users/upload_profile_picture', { headers: withCookies(session) });
    await call('POST', '/site/users/Alexander/requestreset', { address: newAddress() });
    await smtp.next('alexander@example.org');
    const del = (body: object, headers = withCookies(session)) =>
      call('DELETE', '/site/users', { body, headers, address: newAddress() });

    const wrong = await del({ password: 'Not my password 1' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.errors).toEqual({ password: 'The current password is incorrect.' });
    const foreign = await del({ password: PASSWORD }, withCookies(session, { origin: 'https://evil.example' }));
    expect(foreign.status).toBe(403);
    expect((await me(withCookies(other))).status).toBe(200);

    const deleted = await del({ password: PASSWORD });
    expect(deleted.status).toBe(200);
    expect(deleted.setCookie).toEqual({ kerygma_access: '', kerygma_refresh: '', kerygma_signed_in: '' });
    expect((await me(withCookies(other))).status).toBe(401);
    for (const table of ['app_user', 'user_session', 'user_code', 'user_broadcaster_role', 'user_picture_upload'])
      expect(await t.db.query(`SELECT 1 FROM ${table} WHERE user_id = $1`, [userId]), table).toEqual([]);
    expect((await app.inject({ method: 'GET', url: pictureUrl })).statusCode).toBe(404);
    expect((await call('POST', '/site/users/Alexander/login', { body: { password: PASSWORD } })).status).toBe(401);
    expect((await call('GET', '/site/users/available?username=alexander')).body).toEqual({ available: true });
  }, 60_000);
});
