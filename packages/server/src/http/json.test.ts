import { describe, expect, it } from 'vitest';
import { stringifyJson } from './json.ts';

describe('stringifyJson', () => {
  it('writes whole-number floats with a decimal point', () => {
    expect(stringifyJson({ latitude: 40, longitude: -3.5, count: 40 })).toBe(
      '{"latitude":40.0,"longitude":-3.5,"count":40}',
    );
  });
  it('leaves nulls and nested objects alone', () => {
    expect(stringifyJson({ results: [{ latitude: null, longitude: 0 }] })).toBe(
      '{"results":[{"latitude":null,"longitude":0.0}]}',
    );
  });
});

describe('stringifyJson and text that looks like a float key', () => {
  it('never rewrites inside string values', () => {
    const value = { aboutUs: 'see {"latitude":40} here', latitude: 12 };
    const text = stringifyJson(value);
    expect(text).toBe('{"aboutUs":"see {\\"latitude\\":40} here","latitude":12.0}');
    expect(JSON.parse(text)).toEqual(value);
  });
});
