import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** `headers`: each header field's raw value by its lower-case name; `replyTo`: the Reply-To address, when the message has one. */
export type ReceivedMail = {
  to: string;
  subject: string;
  text: string;
  headers: Record<string, string>;
  replyTo?: string;
};

/**
 * A real SMTP server on `listenPort` (a free one by default) that keeps what it receives, parsed. `url` goes into
 * SMTP_URL; `next(to)` waits for the next message to that address (or takes one already here).
 */
export async function startSmtpServer(listenPort = 0) {
  const inbox: ReceivedMail[] = [];
  const waiting: { to: string; resolve: (m: ReceivedMail) => void }[] = [];
  const deliver = (mail: ReceivedMail) => {
    const i = waiting.findIndex((w) => w.to === mail.to);
    if (i >= 0) waiting.splice(i, 1)[0]?.resolve(mail);
    else inbox.push(mail);
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed: ParsedMail) => {
          const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
          const headers = Object.fromEntries(
            parsed.headerLines.map((h) => [
              h.key,
              h.line
                .slice(h.line.indexOf(':') + 1)
                .replace(/\r?\n[ \t]*/g, '')
                .trim(),
            ]),
          );
          deliver({
            to: to?.value[0]?.address ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            headers,
            replyTo: parsed.replyTo?.value[0]?.address,
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** Messages received and not yet taken. */
    inbox,
    next(to: string): Promise<ReceivedMail> {
      const i = inbox.findIndex((m) => m.to === to);
      if (i >= 0) return Promise.resolve(inbox.splice(i, 1)[0] as ReceivedMail);
      return new Promise((resolve) => waiting.push({ to, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
