import { type APIRequestContext, expect } from '@playwright/test';

/**
 * Each `[from, to]` answers a redirect straight to `to` (not through another redirect):
 * permanent (301) unless `status` says otherwise.
 */
export async function expectRedirects(
  request: APIRequestContext,
  pairs: readonly (readonly [string, string])[],
  status: 301 | 302 = 301,
) {
  for (const [from, to] of pairs) {
    const res = await request.get(from, { maxRedirects: 0 });
    expect(res.status(), from).toBe(status);
    expect(res.headers().location, from).toBe(to);
  }
}

/** Each path answers 200 itself, without a redirect. */
export async function expectAnswered(request: APIRequestContext, paths: readonly string[]) {
  for (const path of paths) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(200);
  }
}
