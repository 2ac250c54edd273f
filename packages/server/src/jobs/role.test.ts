import { describe, expect, it } from 'vitest';
import { parseRole } from './role.ts';

describe('parseRole', () => {
  it('defaults to all and reads --role x and --role=x', () => {
    expect(parseRole(['node', 'main.ts'])).toBe('all');
    expect(parseRole(['node', 'main.ts', '--role', 'worker'])).toBe('worker');
    expect(parseRole(['node', 'main.ts', '--role=web'])).toBe('web');
    expect(parseRole(['node', 'main.ts', '--role', 'ingest'])).toBe('ingest');
  });

  it('rejects anything else with a one-line message', () => {
    expect(() => parseRole(['--role', 'workers'])).toThrow(
      'Invalid --role: expected web, worker, ingest or all (got "workers")',
    );
    expect(() => parseRole(['--role'])).toThrow('Invalid --role');
  });
});
