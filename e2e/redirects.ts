import { type APIRequestContext, expect } from '@playwright/test';

/** Each `[from, to]` answers a permanent redirect straight to `to` (not through another redirect). */
export async function expectRedirects(request: APIRequestContext, pairs: readonly (readonly [string, string])[]) {
  for (const [from, to] of pairs) {
    const res = await request.get(from, { maxRedirects: 0 });
    expect(res.status(), from).toBe(301);
    expect(res.headers().location, from).toBe(to);
  }
}
