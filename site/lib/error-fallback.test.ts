import { getTranslator } from '@kerygma/i18n/t';
import { describe, expect, it } from 'vitest';
import { errorFallbackHtml, isErrorRoute, withErrorPageFallback } from './error-fallback.ts';
import { escapeHtml } from './html.ts';

describe('the error page fallback', () => {
  it('answers a minimal, escaped, localized page when rendering the error page throws', async () => {
    const t = await getTranslator('de');
    const response = await withErrorPageFallback(
      true,
      () => Promise.reject(new Error('<script>alert(1)</script> in 500.astro')),
      (error) => ({ t, lang: 'de', dir: 'ltr', home: '/de', details: (error as Error).message }),
    );
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(html).toContain('<html lang="de" dir="ltr">');
    expect(html).toContain(`<h1>${escapeHtml(t('error.errorPageFailed'))}</h1>`);
    expect(t('error.errorPageFailed')).not.toBe('An error occurred while showing the error page');
    expect(html).toContain(`<a href="/de">${t('error.returnHome')}</a>`);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; in 500.astro');
    expect(html).not.toContain('<script>');
  });

  it('leaves other pages’ failures to Astro (which then renders the 500 page)', async () => {
    const t = await getTranslator('en');
    const failing = withErrorPageFallback(
      false,
      () => Promise.reject(new Error('page failed')),
      () => ({ t, lang: 'en', dir: 'ltr', home: '/' }),
    );
    await expect(failing).rejects.toThrow('page failed');
    const ok = await withErrorPageFallback(
      true,
      async () => new Response('fine'),
      () => ({ t, lang: 'en', dir: 'ltr', home: '/' }),
    );
    expect(await ok.text()).toBe('fine');
  });

  it('escapes every value it prints, and details only when given', async () => {
    const t = await getTranslator('en');
    const html = errorFallbackHtml({ t, lang: 'en"x', dir: 'ltr', home: '/"><b>', status: 500 });
    expect(html).toContain('lang="en&quot;x"');
    expect(html).toContain('href="/&quot;&gt;&lt;b&gt;"');
    expect(html).not.toContain('<details>');
    expect(html).toContain('Error 500');
    expect(isErrorRoute('/500')).toBe(true);
    expect(isErrorRoute('/404')).toBe(true);
    expect(isErrorRoute('/sermons/[sermonID]/[...mediaType]')).toBe(false);
  });
});
