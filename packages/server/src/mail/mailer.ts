import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

/** `headers`: more header fields (the digest's List-Unsubscribe, RFC 8058). */
export type Mail = { to: string; subject: string; text: string; headers?: Record<string, string> };
export type Mailer = (mail: Mail) => Promise<void>;

/**
 * Sends e-mail through the configured SMTP server. Without one, each message is written as an
 * .eml file to the outbox folder under the data directory and named in one log line, so that a
 * fresh install can still sign up and verify.
 */
export function createMailer(config: Config['mail'], log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return async (mail) => {
      await transport.sendMail({ from: config.from, ...mail });
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return async (mail) => {
    const { message } = await transport.sendMail({ from: config.from, ...mail });
    await mkdir(config.outboxDir, { recursive: true });
    const file = path.join(config.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomName()}.eml`);
    await writeFile(file, message as Buffer);
    log.info({ to: mail.to, subject: mail.subject, file }, 'e-mail written to the outbox (no SMTP_URL set)');
  };
}

const randomName = () => randomBytes(4).toString('hex');
