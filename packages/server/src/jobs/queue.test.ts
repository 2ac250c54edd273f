import { describe, expect, it } from 'vitest';
import { backoffDelay } from './queue.ts';

describe('backoffDelay', () => {
  it('doubles per attempt from the base, between half and all of it', () => {
    expect(backoffDelay(1, 1000, 60_000, () => 0)).toBe(500);
    expect(backoffDelay(1, 1000, 60_000, () => 1)).toBe(1000);
    expect(backoffDelay(2, 1000, 60_000, () => 1)).toBe(2000);
    expect(backoffDelay(4, 1000, 60_000, () => 0.5)).toBe(6000);
  });

  it('stops growing at the cap', () => {
    expect(backoffDelay(30, 1000, 60_000, () => 1)).toBe(60_000);
    expect(backoffDelay(30, 1000, 60_000, () => 0)).toBe(30_000);
  });
});
