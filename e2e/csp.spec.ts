import { expect, type Page, test } from '@playwright/test';

/**
 * The Content-Security-Policy (packages/server/src/http/security-headers.ts) lets the site work:
 * on each kind of page, with its islands hydrated and the player playing, the browser reports no
 * violation (a `securitypolicyviolation` event, or its console message).
 */

/** Collects the page's CSP violations from before its first script runs. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) console.push(m.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`),
    );
  });
  return async () => [
    ...(await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [])),
    ...console,
  ];
}

/** A published demo sermon with audio. */
async function audioSermonId(page: Page): Promise<string> {
  const list = await (await page.request.get('/api/v2/node/sermons?requireAudio=true&pageSize=1')).json();
  return list.results[0].sermonID;
}

test('pages of each kind run under the policy without a violation', async ({ page }) => {
  const violations = await watchViolations(page);
  const sermonID = await audioSermonId(page);
  for (const url of ['/', '/de/sermons', '/search?q=grace', '/broadcasters', '/hymnal', `/sermons/${sermonID}`]) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(200);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp, url).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*;/);
    expect(csp, url).not.toMatch(/script-src[^;]*unsafe-inline/);
    await page.waitForLoadState('networkidle');
    expect(await violations(), url).toEqual([]);
  }
});

test('the player plays under the policy, on a sermon page and in an embed', async ({ page }) => {
  const violations = await watchViolations(page);
  const sermonID = await audioSermonId(page);
  await page.goto(`/sermons/${sermonID}`);
  await page.locator('main').getByRole('button', { name: 'Play audio' }).click();
  const media = page.locator('[data-player] audio, [data-player] video').first();
  await expect.poll(() => media.evaluate((m: HTMLMediaElement) => m.currentTime)).toBeGreaterThan(0.3);
  expect(await violations()).toEqual([]);

  await page.goto(`/embed/classic/player/a/${sermonID}`);
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  const embedded = page.locator('[data-player] video, [data-player] audio').first();
  await expect.poll(() => embedded.evaluate((m: HTMLMediaElement) => m.currentTime)).toBeGreaterThan(0.3);
  expect(await violations()).toEqual([]);
});
