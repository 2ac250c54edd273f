import { describe, expect, it } from 'vitest';
import {
  isDocumentRequest,
  isInternalNavigation,
  ROOT_VARY,
  type RoutingInput,
  routeRequest,
} from './locale-routing.ts';

/** A top-level navigation typed into the address bar, English browser. */
const base: RoutingInput = {
  method: 'GET',
  pathname: '/',
  search: '',
  cookie: undefined,
  acceptLanguage: 'en-US,en;q=0.9',
  fetchSite: 'none',
  fetchDest: 'document',
  accept: 'text/html',
  referer: null,
  host: 'kerygma.example',
};
const route = (input: Partial<RoutingInput>) => routeRequest({ ...base, ...input });
/** Following a link on this site. */
const internal = { fetchSite: 'same-origin', referer: 'https://kerygma.example/de' } as const;

describe('routeRequest: prefixes', () => {
  it('renders unprefixed paths in English', () => {
    expect(route({ pathname: '/sermons/1' })).toEqual({ kind: 'page', locale: 'en', path: '/sermons/1' });
  });

  it('strips a locale prefix', () => {
    expect(route({ pathname: '/de' })).toMatchObject({ kind: 'page', locale: 'de', path: '/' });
    expect(route({ pathname: '/de/' })).toMatchObject({ kind: 'redirect', status: 301, location: '/de' });
    expect(route({ pathname: '/zh/sermons/1' })).toMatchObject({ kind: 'page', locale: 'zh', path: '/sermons/1' });
    expect(route({ pathname: '/desk' })).toMatchObject({ kind: 'page', locale: 'en', path: '/desk' });
  });

  it('answers legacy paths with 301 before anything else', () => {
    expect(route({ pathname: '/sermoninfo.asp', search: '?SID=5' })).toEqual({
      kind: 'redirect',
      status: 301,
      location: '/sermons/5',
    });
  });
});

describe('routeRequest: detection on the root', () => {
  it('redirects by Accept-Language when not English', () => {
    expect(route({ acceptLanguage: 'de-DE,de;q=0.9,en;q=0.5' })).toEqual({
      kind: 'redirect',
      status: 302,
      location: '/de',
      setCookie: 'de',
      vary: ROOT_VARY,
    });
    expect(route({ acceptLanguage: 'en-GB' })).toMatchObject({ status: 302, location: '/gb' });
  });

  it('keeps the query on the redirect', () => {
    expect(route({ acceptLanguage: 'fr', search: '?utm=x' })).toMatchObject({ location: '/fr?utm=x' });
  });

  it('lets the cookie win over Accept-Language', () => {
    expect(route({ cookie: 'ko', acceptLanguage: 'de' })).toMatchObject({
      kind: 'redirect',
      location: '/ko',
      setCookie: undefined,
    });
    expect(route({ cookie: 'en', acceptLanguage: 'de' })).toMatchObject({ kind: 'page', locale: 'en', path: '/' });
  });

  it('ignores an unknown cookie', () => {
    expect(route({ cookie: 'xx', acceptLanguage: 'it' })).toMatchObject({ kind: 'redirect', location: '/it' });
  });

  it('serves English on the root otherwise, varying on the inputs', () => {
    expect(route({})).toEqual({ kind: 'page', locale: 'en', path: '/', vary: ROOT_VARY });
    expect(route({ acceptLanguage: null })).toMatchObject({ kind: 'page', locale: 'en' });
  });

  it('detects only on the root', () => {
    expect(route({ pathname: '/sermons', acceptLanguage: 'de' })).toMatchObject({ kind: 'page', locale: 'en' });
    expect(route({ pathname: '/fr', cookie: 'de' })).toMatchObject({ kind: 'page', locale: 'fr' });
  });

  it('never redirects a link followed on this site (an explicit choice of English)', () => {
    expect(route({ ...internal, cookie: 'de', acceptLanguage: 'de' })).toEqual({
      kind: 'page',
      locale: 'en',
      path: '/',
      setCookie: 'en',
      vary: ROOT_VARY,
    });
  });

  it('does not redirect non-document requests', () => {
    expect(route({ acceptLanguage: 'de', fetchDest: 'empty', accept: '*/*' })).toMatchObject({ kind: 'page' });
    expect(route({ acceptLanguage: 'de', method: 'POST' })).toMatchObject({ kind: 'page' });
  });
});

describe('routeRequest: remembering the choice', () => {
  it('sets the cookie when a link on this site leads to another language', () => {
    expect(route({ ...internal, pathname: '/de/sermons/1' })).toMatchObject({ locale: 'de', setCookie: 'de' });
    expect(route({ ...internal, pathname: '/sermons/1', cookie: 'de' })).toMatchObject({
      locale: 'en',
      setCookie: 'en',
    });
  });

  it('leaves the cookie alone when it already matches or detection agrees', () => {
    expect(route({ ...internal, pathname: '/de/sermons/1', cookie: 'de' }).kind).toBe('page');
    expect(route({ ...internal, pathname: '/de/sermons/1', cookie: 'de' })).not.toHaveProperty('setCookie', 'de');
    expect(route({ ...internal, pathname: '/de', acceptLanguage: 'de' })).toMatchObject({ setCookie: undefined });
    expect(route({ ...internal, pathname: '/sermons' })).toMatchObject({ setCookie: undefined });
  });

  it('does not set the cookie on arrival from elsewhere', () => {
    expect(route({ pathname: '/de/sermons/1' })).toMatchObject({ locale: 'de', setCookie: undefined });
  });
});

describe('request classification', () => {
  it('recognises navigations from this site', () => {
    expect(isInternalNavigation({ fetchSite: 'same-origin', referer: null, host: 'a' })).toBe(true);
    expect(isInternalNavigation({ fetchSite: 'cross-site', referer: 'https://a/', host: 'a' })).toBe(false);
    expect(isInternalNavigation({ fetchSite: 'none', referer: null, host: 'a' })).toBe(false);
    expect(isInternalNavigation({ fetchSite: null, referer: 'https://a/x', host: 'a' })).toBe(true);
    expect(isInternalNavigation({ fetchSite: null, referer: 'https://b/x', host: 'a' })).toBe(false);
    expect(isInternalNavigation({ fetchSite: null, referer: 'not a url', host: 'a' })).toBe(false);
  });

  it('recognises document requests', () => {
    expect(isDocumentRequest({ method: 'GET', fetchDest: 'document', accept: null })).toBe(true);
    expect(isDocumentRequest({ method: 'HEAD', fetchDest: null, accept: 'text/html,*/*' })).toBe(true);
    expect(isDocumentRequest({ method: 'GET', fetchDest: 'image', accept: 'image/*' })).toBe(false);
    expect(isDocumentRequest({ method: 'GET', fetchDest: null, accept: 'application/json' })).toBe(false);
  });
});
