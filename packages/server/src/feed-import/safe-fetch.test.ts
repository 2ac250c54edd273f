import { readFileSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchError, fetchText, fetchToFile, isPublicAddress, type SafeFetchOptions } from './safe-fetch.ts';

describe('the addresses feed import may fetch from', () => {
  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1', // just past 172.16.0.0/12
    '100.128.0.1', // just past CGNAT
    '2606:4700:4700::1111',
    '2a00:1450:4001:82b::200e',
    '::ffff:8.8.8.8', // IPv4-mapped public
    '64:ff9b::808:808', // NAT64 of 8.8.8.8
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    ['0.0.0.0', 'unspecified'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'CGNAT'],
    ['100.127.255.254', 'CGNAT'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.1', 'documentation'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local with a zone'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hexadecimal'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:169.254.169.254', 'IPv4-mapped link-local'],
    ['::ffff:100.64.0.1', 'IPv4-mapped CGNAT'],
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['64:ff9b::a00:1', 'NAT64 of a private address'],
    ['2002:c0a8:101::1', '6to4 of a private address'],
    ['not-an-address', 'not an address'],
  ])('%s is refused (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it('loopback only with the setting, and nothing else private with it', () => {
    expect(isPublicAddress('127.0.0.1', true)).toBe(true);
    expect(isPublicAddress('::1', true)).toBe(true);
    expect(isPublicAddress('::ffff:127.0.0.1', true)).toBe(true);
    expect(isPublicAddress('10.0.0.1', true)).toBe(false);
    expect(isPublicAddress('169.254.169.254', true)).toBe(false);
    expect(isPublicAddress('fd00::1', true)).toBe(false);
  });
});

describe('fetching with the rules', () => {
  let server: Server;
  let base: string;
  let dir: string;
  const loopback: SafeFetchOptions = { allowLoopback: true, maxBytes: 1000 };
  const refusal = async (p: Promise<unknown>) => {
    const error = await p.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(FetchError);
    return (error as FetchError).ref;
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kerygma-safe-fetch-'));
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/feed') return res.end('<rss/>');
      if (url.pathname === '/redirect') {
        res.writeHead(302, { location: url.searchParams.get('to') ?? '/feed' });
        return res.end();
      }
      if (url.pathname === '/loop') {
        res.writeHead(301, { location: '/loop' });
        return res.end();
      }
      if (url.pathname === '/big-declared') {
        res.writeHead(200, { 'content-length': '5000' });
        return res.end('x'.repeat(5000));
      }
      if (url.pathname === '/big-streamed') {
        // No length given: the limit must cut it while it streams.
        res.writeHead(200);
        res.write('x'.repeat(800));
        res.write('x'.repeat(800));
        return; // and never ends: only the limit stops it
      }
      if (url.pathname === '/silent') return; // headers never come
      if (url.pathname === '/missing') {
        res.writeHead(404);
        return res.end();
      }
      res.writeHead(500);
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('fetches from loopback only with the setting', async () => {
    expect((await fetchText(`${base}/feed`, loopback)).text).toBe('<rss/>');
    expect(await refusal(fetchText(`${base}/feed`, { ...loopback, allowLoopback: false }))).toEqual({
      key: 'feedImport.error.privateAddress',
      params: { host: '127.0.0.1' },
    });
  });

  it('follows a redirect, checking where it leads: to a private address it is refused', async () => {
    expect(await fetchText(`${base}/redirect?to=/feed`, loopback)).toEqual({ url: `${base}/feed`, text: '<rss/>' });
    expect(await refusal(fetchText(`${base}/redirect?to=http://169.254.169.254/latest/meta-data/`, loopback))).toEqual({
      key: 'feedImport.error.privateAddress',
      params: { host: '169.254.169.254' },
    });
    expect((await refusal(fetchText(`${base}/redirect?to=http://[::ffff:10.0.0.1]/`, loopback))).key).toBe(
      'feedImport.error.privateAddress',
    );
    expect((await refusal(fetchText(`${base}/redirect?to=file:///etc/passwd`, loopback))).key).toBe(
      'feedImport.error.badAddress',
    );
    expect(await refusal(fetchText(`${base}/loop`, loopback))).toEqual({
      key: 'feedImport.error.tooManyRedirects',
      params: { max: 5 },
    });
  });

  it('refuses other schemes and addresses with credentials', async () => {
    for (const address of [
      'file:///etc/passwd',
      'ftp://example.org/feed',
      'gopher://x',
      'not a url',
      'http://a:b@example.org/',
    ])
      expect((await refusal(fetchText(address, loopback))).key).toBe('feedImport.error.badAddress');
  });

  it('refuses a name whose lookup answers any private address, and connects to the address it checked', async () => {
    const resolve = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ];
    expect(await refusal(fetchText('http://rebind.example/feed', { ...loopback, resolve }))).toEqual({
      key: 'feedImport.error.privateAddress',
      params: { host: 'rebind.example' },
    });
    // A name answered once with the test server's address is fetched from it, by that name.
    let lookups = 0;
    const port = new URL(base).port;
    const pinned = async () => {
      lookups++;
      return [{ address: '127.0.0.1', family: 4 }];
    };
    expect((await fetchText(`http://feeds.example:${port}/feed`, { ...loopback, resolve: pinned })).text).toBe(
      '<rss/>',
    );
    expect(lookups).toBe(1);
  });

  it('stops at the byte limit: a declared length at once, an undeclared one while it streams', async () => {
    expect(await refusal(fetchText(`${base}/big-declared`, loopback))).toEqual({
      key: 'feedImport.error.tooLarge',
      params: { mb: 0 },
    });
    const file = path.join(dir, 'big');
    expect((await refusal(fetchToFile(`${base}/big-streamed`, file, loopback))).key).toBe('feedImport.error.tooLarge');
    expect(readFileSync(file).length).toBeLessThanOrEqual(1000);
  });

  it('gives up on a server that does not answer in time', async () => {
    const started = Date.now();
    const ref = await refusal(fetchText(`${base}/silent`, { ...loopback, totalTimeoutMs: 300 }));
    expect(ref.key).toBe('feedImport.error.timeout');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('reports the status of an answer that is not a success; server errors may pass', async () => {
    const missing = fetchText(`${base}/missing`, loopback).catch((e: FetchError) => e);
    expect(await missing).toMatchObject({
      ref: { key: 'feedImport.error.httpStatus', params: { status: 404 } },
      transient: false,
    });
    const broken = fetchText(`${base}/broken`, loopback).catch((e: FetchError) => e);
    expect(await broken).toMatchObject({ ref: { params: { status: 500 } }, transient: true });
  });
});
