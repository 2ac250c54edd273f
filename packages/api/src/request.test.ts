import { describe, expect, it } from 'vitest';
import { ApiRequestError, apiBase, buildQuery, errorFromResponse, errorWithoutResponse } from './request.ts';

const withStatus = (status: number) => `The request failed with status ${status}`;

describe('buildQuery', () => {
  it('repeats array values under their key by default', () => {
    expect(buildQuery({ adType: ['hero', 'text'], page: 1 }).toString()).toBe('adType=hero&adType=text&page=1');
  });

  it('joins arrays with commas when asked (search)', () => {
    expect(buildQuery({ types: ['sermon', 'speaker'], query: 'grace' }, true).toString()).toBe(
      'types=sermon%2Cspeaker&query=grace',
    );
    expect(new URLSearchParams(buildQuery({ ids: [1, 2, 3] }, true).toString()).get('ids')).toBe('1,2,3');
  });

  it('drops undefined and null, keeps false, 0 and empty strings', () => {
    const q = buildQuery({ a: undefined, b: null, c: false, d: 0, e: '', f: true });
    expect(q.toString()).toBe('c=false&d=0&e=&f=true');
  });

  it('writes booleans as true/false and encodes spaces and symbols', () => {
    const q = buildQuery({ lite: true, eventType: 'Question & Answer', speakerName: 'A/B Preacher' });
    expect(q.get('lite')).toBe('true');
    expect(q.get('eventType')).toBe('Question & Answer');
    expect(q.toString()).toBe('lite=true&eventType=Question+%26+Answer&speakerName=A%2FB+Preacher');
  });

  it('an empty array repeats nothing', () => {
    expect(buildQuery({ adType: [] }).toString()).toBe('');
  });
});

describe('apiBase', () => {
  it('is /api/v2/ on the origin by default, with exactly one slash', () => {
    expect(apiBase('https://kerygma.example')).toBe('https://kerygma.example/api/v2/');
    expect(apiBase('https://kerygma.example/')).toBe('https://kerygma.example/api/v2/');
    expect(apiBase('http://localhost:4321', null)).toBe('http://localhost:4321/api/v2/');
    expect(apiBase('http://localhost:4321', '')).toBe('http://localhost:4321/api/v2/');
  });

  it('apibranch selects another base when it is only lower-case letters, digits and hyphens', () => {
    expect(apiBase('https://k.example', 'staging')).toBe('https://k.example/api/staging/');
    expect(apiBase('https://k.example', 'feature-42')).toBe('https://k.example/api/feature-42/');
    expect(apiBase('https://k.example', 'v3')).toBe('https://k.example/api/v3/');
  });

  it('ignores any other apibranch value', () => {
    for (const bad of [
      'Staging',
      '../admin',
      'a/b',
      'a b',
      'a_b',
      'a.b',
      '-lead',
      'x'.repeat(41),
      'https://evil.example',
      '%2e%2e',
      'ünïcode',
    ]) {
      expect(apiBase('https://k.example', bad), bad).toBe('https://k.example/api/v2/');
    }
    expect(apiBase('https://k.example', 'x'.repeat(40))).toBe(`https://k.example/api/${'x'.repeat(40)}/`);
  });
});

describe('errorFromResponse (spec §8)', () => {
  it("assembles 'key: value' pairs joined by commas, then the status and the API code", () => {
    const error = errorFromResponse(
      400,
      { errors: { pageSize: 'Too big', year: 'Not a number' }, status: 400, code: 'invalid_request' },
      withStatus,
    );
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe('pageSize: Too big, year: Not a number (400) invalid_request');
    expect(error.status).toBe(400);
    expect(error.code).toBe('invalid_request');
    expect(error.name).toBe('ApiRequestError');
  });

  it('a single error without a code ends with the status', () => {
    const error = errorFromResponse(404, { errors: { error: 'Sermon not found' } }, withStatus);
    expect(error.message).toBe('error: Sermon not found (404)');
    expect(error.code).toBeUndefined();
  });

  it('non-string error values are written as JSON', () => {
    const error = errorFromResponse(422, { errors: { status_code: 422, fields: ['a'] } }, withStatus);
    expect(error.message).toBe('status_code: 422, fields: ["a"] (422)');
  });

  it('without an errors object the message is the localised with-status text', () => {
    for (const body of [null, undefined, '', 'Bad Gateway', {}, { errors: {} }, { errors: null }, { status: 'x' }]) {
      const error = errorFromResponse(502, body, withStatus);
      expect(error.message, JSON.stringify(body)).toBe('The request failed with status 502');
      expect(error.status).toBe(502);
    }
    const de = errorFromResponse(503, null, (s) => `Die Anfrage ist mit Status ${s} fehlgeschlagen`);
    expect(de.message).toBe('Die Anfrage ist mit Status 503 fehlgeschlagen');
  });

  it('keeps the body for callers', () => {
    const body = { errors: { error: 'x' }, code: 'c' };
    expect(errorFromResponse(400, body, withStatus).body).toBe(body);
  });

  it('the status defaults to 500, in the status and in the message', () => {
    const bare = errorFromResponse(0, null, withStatus);
    expect(bare.status).toBe(500);
    expect(bare.message).toBe('The request failed with status 500');
    const withErrors = errorFromResponse(0, { errors: { error: 'Boom' } }, withStatus);
    expect(withErrors.status).toBe(500);
    expect(withErrors.message).toBe('error: Boom (500)');
    expect(new ApiRequestError('x', 500).status).toBe(500);
  });
});

describe('errorWithoutResponse (spec §8)', () => {
  it('keeps the raw error text with status 405', () => {
    const error = errorWithoutResponse(new TypeError('fetch failed'));
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error.message).toBe('fetch failed');
    expect(error.status).toBe(405);
    expect(error.code).toBeUndefined();
    expect(errorWithoutResponse('Network Error').message).toBe('Network Error');
    expect(errorWithoutResponse('Network Error').status).toBe(405);
  });
});
