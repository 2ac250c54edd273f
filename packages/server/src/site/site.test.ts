import { describe, expect, it } from 'vitest';
import { literalBadSegments } from './site.ts';

describe('literalBadSegments', () => {
  it('takes the segments that do not decode literally, keeping the rest and the query', () => {
    expect(literalBadSegments('/de/sermons/%E0%A4%A?x=%ff')).toBe('/de/sermons/%25E0%25A4%25A?x=%ff');
    expect(literalBadSegments('/%ff')).toBe('/%25ff');
    expect(literalBadSegments('/speakers/J%C3%BCrgen%20M/%zz')).toBe('/speakers/J%C3%BCrgen%20M/%25zz');
  });
  it('leaves an address that decodes as it is', () => {
    expect(literalBadSegments('/speakers/a%2Fb?q=1')).toBe('/speakers/a%2Fb?q=1');
  });
});
