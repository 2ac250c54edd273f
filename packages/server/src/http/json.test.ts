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
