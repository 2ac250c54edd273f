import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '../http/api-base.ts';
import { injectFetch } from './inject-fetch.ts';

/** A Fastify app answering like the API, counting how often each route really ran. */
async function api() {
  const app = Fastify();
  const calls = { options: 0, sermons: 0, languages: 0 };
  app.get(`${API_BASE}/node/filter_options`, async (req) => {
    calls.options++;
    return { lang: req.headers['accept-language'], call: calls.options, query: req.query };
  });
  app.get(`${API_BASE}/node/sermons`, async () => ({ call: ++calls.sermons }));
  app.get(`${API_BASE}/node/languages`, async (_req, reply) => reply.status(503).send({ down: ++calls.languages }));
  await app.ready();
  return { app, calls };
}

const origin = 'http://kerygma.test';

describe('injectFetch', () => {
  it('answers API requests through the router with status, headers and body', async () => {
    const { app } = await api();
    const fetch = injectFetch(app);
    const res = await fetch(`${origin}${API_BASE}/node/sermons?page=2`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ call: 1 });
    expect(await (await fetch(`${origin}${API_BASE}/node/sermons?page=2`)).json()).toEqual({ call: 2 });
  });

  it('keeps site-wide reference data a minute per language, not with a query or after an error', async () => {
    const { app, calls } = await api();
    let clock = 0;
    const fetch = injectFetch(app, () => clock);
    const get = async (path: string, lang = 'en') =>
      (await fetch(`${origin}${API_BASE}${path}`, { headers: { 'accept-language': lang } })).json();
    expect(await get('/node/filter_options')).toMatchObject({ lang: 'en', call: 1 });
    expect(await get('/node/filter_options')).toMatchObject({ lang: 'en', call: 1 });
    expect(await get('/node/filter_options', 'de')).toMatchObject({ lang: 'de', call: 2 });
    expect(await get('/node/filter_options?broadcasterID=x')).toMatchObject({ call: 3 });
    expect(await get('/node/filter_options?broadcasterID=x')).toMatchObject({ call: 4 });
    clock += 60_001;
    expect(await get('/node/filter_options')).toMatchObject({ lang: 'en', call: 5 });
    expect(calls.options).toBe(5);
    await get('/node/languages');
    const again = await fetch(`${origin}${API_BASE}/node/languages`);
    expect(again.status).toBe(503);
    expect(calls.languages).toBe(2);
  });

  it('parses shared reference data once and hands it out frozen', async () => {
    const { app } = await api();
    const fetch = injectFetch(app);
    const get = async () => (await fetch(`${origin}${API_BASE}/node/filter_options`)).json();
    const first = (await get()) as { lang: unknown };
    expect(await get()).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(() => {
      first.lang = 'changed';
    }).toThrow(TypeError);
    // Other answers are parsed per call: each caller may keep and change its own.
    const a = await (await fetch(`${origin}${API_BASE}/node/sermons`)).json();
    expect(Object.isFrozen(a)).toBe(false);
  });
});
