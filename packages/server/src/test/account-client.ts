import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { startSmtpServer } from './smtp-server.ts';

/** What the accounts tests send as the site's origin (buildTestApp's PUBLIC_URL). */
export const ORIGIN = 'http://kerygma.test';
const API = '/api/v2';
/** Every test account's password. */
export const PASSWORD = 'Narrow gate 7';

export type Answer = {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests index into response JSON
  body: any;
  cookies: string[];
  setCookie: Record<string, string>;
  headers: Record<string, unknown>;
};

/** The Set-Cookie headers of a response, and each cookie's value by name. */
export function cookiesOf(headers: Record<string, unknown>): { cookies: string[]; setCookie: Record<string, string> } {
  const raw = headers['set-cookie'];
  const cookies = raw === undefined ? [] : Array.isArray(raw) ? (raw as string[]) : [String(raw)];
  const setCookie = Object.fromEntries(
    cookies.map((c) => {
      const [pair = ''] = c.split(';');
      const eq = pair.indexOf('=');
      return [pair.slice(0, eq), pair.slice(eq + 1)];
    }),
  );
  return { cookies, setCookie };
}

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

/**
 * A browser-like client of the accounts API over `app.inject`: calls from our own origin,
 * accounts signed up and verified through the mailed code, sign-in from an address of each
 * call's own (so the address limits of different tests do not meet). The app and the SMTP
 * server are read when a call is made (they start in beforeAll).
 */
export function accountClient(app: () => FastifyInstance, smtp: () => Smtp, addressPrefix = '10.0.0') {
  let addresses = 0;
  const newAddress = () => `${addressPrefix}.${++addresses}`;

  async function call(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    options: { body?: object | Buffer; headers?: Record<string, string>; address?: string } = {},
  ): Promise<Answer> {
    const res = await app().inject({
      method,
      url: url.startsWith('http') ? new URL(url).pathname : `${API}${url}`,
      headers: { origin: ORIGIN, ...options.headers },
      remoteAddress: options.address ?? '10.9.9.9',
      ...(options.body ? { payload: options.body } : {}),
    } as InjectOptions);
    return {
      status: res.statusCode,
      body: JSON.parse(res.body || 'null'),
      headers: res.headers,
      ...cookiesOf(res.headers),
    };
  }

  const codeIn = (text: string) => /\b([A-Z]{8})\b/.exec(text)?.[1] as string;

  /** Signs up and verifies through the mailed code; answers the address the mail went to. */
  async function newVerifiedUser(username: string, address = newAddress()): Promise<string> {
    const email = `${username.toLowerCase()}@example.org`;
    const created = await call('POST', `/site/users/${username}`, { body: { email, password: PASSWORD }, address });
    expect(created.status).toBe(201);
    const code = codeIn((await smtp().next(email)).text);
    expect((await call('POST', `/site/activations/${code}/activate`)).status).toBe(200);
    return email;
  }

  async function signIn(name: string, options: { remember?: boolean; address?: string; password?: string } = {}) {
    const answer = await call('POST', `/site/users/${name}/login`, {
      body: { password: options.password ?? PASSWORD, remember: options.remember },
      address: options.address ?? newAddress(),
    });
    expect(answer.status).toBe(200);
    return answer;
  }

  const withCookies = (session: Answer, extra: Record<string, string> = {}) => ({
    cookie: `kerygma_access=${session.setCookie.kerygma_access}; kerygma_refresh=${session.setCookie.kerygma_refresh}`,
    ...extra,
  });
  const me = (headers: Record<string, string>) => call('GET', '/site/users', { headers });

  return { call, codeIn, newAddress, newVerifiedUser, signIn, withCookies, me };
}
