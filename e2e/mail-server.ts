import { createServer } from 'node:http';
import { startSmtpServer } from '../packages/server/src/test/smtp-server.ts';

/**
 * The journeys' mail server, started by playwright.config.ts beside Kerygma (whose SMTP_URL points
 * here): a real SMTP server that keeps every message, parsed, and answers them as JSON over
 * HTTP (`GET /messages`) for the journeys to read (e2e/mailbox.ts).
 */
const smtpPort = Number(process.env.E2E_SMTP_PORT);
const httpPort = Number(process.env.E2E_MAILBOX_PORT);
const smtp = await startSmtpServer(smtpPort);

createServer((req, res) => {
  if (req.url !== '/messages') {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(smtp.inbox));
}).listen(httpPort, '127.0.0.1');
