import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { simpleParser } from 'mailparser';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';

describe('the mailer without SMTP_URL', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kerygma-outbox-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes each message to the outbox as an e-mail file and names it in one log line', async () => {
    const lines: { obj: object; msg: string }[] = [];
    const log = { info: (obj: object, msg: string) => lines.push({ obj, msg }) } as unknown as FastifyBaseLogger;
    const outboxDir = path.join(dir, 'outbox');
    const send = createMailer({ smtpUrl: undefined, from: 'Kerygma <no-reply@localhost>', outboxDir }, log);
    await send({ to: 'lydia@example.org', subject: 'Confirm your e-mail address', text: 'Your code is ABCDEFGH.' });

    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    const file = path.join(outboxDir, files[0] as string);
    const parsed = await simpleParser(readFileSync(file));
    expect(parsed.subject).toBe('Confirm your e-mail address');
    expect(parsed.from?.value[0]).toMatchObject({ name: 'Kerygma', address: 'no-reply@localhost' });
    expect(parsed.text?.trim()).toBe('Your code is ABCDEFGH.');
    expect(lines).toEqual([
      { obj: { to: 'lydia@example.org', subject: 'Confirm your e-mail address', file }, msg: expect.any(String) },
    ]);
  });
});
