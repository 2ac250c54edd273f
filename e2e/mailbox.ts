import { expect } from '@playwright/test';
import type { ReceivedMail } from '../packages/server/src/test/smtp-server.ts';

/** Where e2e/mail-server.ts answers the messages it received (playwright.config.ts). */
export const MAILBOX_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4391) + 2}/messages`;

/**
 * The link in the newest message to `to` that opens `page` (the verify or reset page, under any
 * language prefix), once the server's mail has reached the local SMTP server.
 */
export async function mailedLink(to: string, page: '/user/verify' | '/user/reset-password'): Promise<URL> {
  let link: URL | undefined;
  await expect
    .poll(
      async () => {
        const inbox = (await (await fetch(MAILBOX_URL)).json()) as ReceivedMail[];
        for (const mail of inbox.filter((m) => m.to === to).reverse()) {
          const found = /https?:\/\/\S+?\?code=[A-Z]+/.exec(mail.text)?.[0];
          if (found && new URL(found).pathname.endsWith(page)) {
            link = new URL(found);
            return true;
          }
        }
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return link as URL;
}
