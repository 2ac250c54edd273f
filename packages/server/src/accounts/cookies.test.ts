import type { FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { clearSessionCookies, setSessionCookies } from './cookies.ts';

/** The Set-Cookie lines a function writes on a reply. */
function written(write: (reply: FastifyReply) => void): string[] {
  let lines: string[] = [];
  const reply = {
    header: (name: string, value: string[]) => {
      if (name === 'set-cookie') lines = value;
      return reply;
    },
  };
  write(reply as unknown as FastifyReply);
  return lines;
}

describe('session cookies', () => {
  const tokens = { access: 'a', refresh: 'r', remember: true };

  it('are Secure on any origin but plain HTTP to this machine, where browsers would not send them back', () => {
    for (const origin of ['https://kerygma.example', 'http://kerygma.example', 'https://localhost:4321'])
      for (const line of written((r) => setSessionCookies(r, origin, tokens)))
        expect(line, origin).toContain('; Secure');
    for (const origin of ['http://localhost', 'http://localhost:4321', 'http://127.0.0.1:4321', 'http://[::1]:4321'])
      for (const line of written((r) => setSessionCookies(r, origin, tokens)))
        expect(line, origin).not.toContain('Secure');
  });

  it('are cleared with the same paths they were set on', () => {
    const set = written((r) => setSessionCookies(r, 'https://kerygma.example', tokens));
    const cleared = written((r) => clearSessionCookies(r, 'https://kerygma.example'));
    const path = (line: string) => /Path=[^;]+/.exec(line)?.[0];
    expect(cleared.map(path)).toEqual(set.map(path));
    for (const line of cleared) expect(line).toMatch(/^kerygma_\w+=; .*Max-Age=0/);
  });

  it("carry a signed-in indicator that script can read, with the refresh cookie's lifetime, cleared with them", () => {
    const lifetime = (lines: string[], name: string) => {
      const line = lines.find((l) => l.startsWith(`${name}=`));
      return line && /Max-Age=(\d+)/.exec(line)?.[1];
    };
    for (const remember of [true, false]) {
      const set = written((r) => setSessionCookies(r, 'https://kerygma.example', { ...tokens, remember }));
      const indicator = set.find((l) => l.startsWith('kerygma_signed_in='));
      expect(indicator).toMatch(/^kerygma_signed_in=1; Path=\/;/);
      expect(indicator).not.toContain('HttpOnly');
      expect(lifetime(set, 'kerygma_signed_in')).toBe(lifetime(set, 'kerygma_refresh'));
      for (const line of set.filter((l) => !l.startsWith('kerygma_signed_in='))) expect(line).toContain('HttpOnly');
    }
    const cleared = written((r) => clearSessionCookies(r, 'https://kerygma.example'));
    expect(cleared).toContainEqual(expect.stringMatching(/^kerygma_signed_in=; Path=\/; Max-Age=0/));
  });
});

describe('session cookies with classic-admin origins', () => {
  const tokens = { access: 'a', refresh: 'r', remember: false };

  it('are SameSite=Lax without them, SameSite=None and Secure (even on localhost) with them', () => {
    for (const line of written((r) => setSessionCookies(r, 'https://kerygma.example', tokens)))
      expect(line).toMatch(/; SameSite=Lax$/);
    for (const origin of ['https://kerygma.example', 'http://localhost:4321']) {
      // The signed-in indicator is read by script (no HttpOnly); the token cookies never are.
      for (const line of written((r) => setSessionCookies(r, origin, tokens, { framed: true })))
        expect(line, origin).toMatch(
          line.startsWith('kerygma_signed_in=') ? /; Secure; SameSite=None$/ : /; HttpOnly; Secure; SameSite=None$/,
        );
      for (const line of written((r) => clearSessionCookies(r, origin, { framed: true })))
        expect(line, origin).toMatch(/; Secure; SameSite=None$/);
    }
  });
});
