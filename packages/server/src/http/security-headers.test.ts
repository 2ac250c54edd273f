import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { directiveScriptHashes, framing, inlineScriptHashes, pagePolicy, securityHeaders } from './security-headers.ts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const options = { publicUrl: 'http://kerygma.test', classicAdminOrigins: ['https://admin.example.org'] };
const at = (url: string) => ({ url, socket: undefined as never });

describe('security headers', () => {
  it('hash exactly the inline scripts a browser runs: not external ones, not data blocks', () => {
    const html = [
      '<script>window.a = 1;</script>',
      '<script type="module">import "/x.js";\n</script>',
      '<script src="/_astro/p.js"></script>',
      '<script type="application/ld+json">{"@type":"Thing"}</script>',
      '<script type="application/json" data-player-sermon>{"a":1}</script>',
      '<script>window.a = 1;</script>',
      '<SCRIPT type="text/javascript">é</SCRIPT>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([sha('window.a = 1;'), sha('import "/x.js";\n'), sha('é')]);
  });

  it('allow scripts by hash only, never unsafe-inline, and refuse framing of ordinary pages', () => {
    const policy = pagePolicy('/sermons/1000', [sha('x')], options);
    const scripts = /script-src ([^;]+)/.exec(policy)?.[1];
    expect(scripts).toBe(`'self' ${sha('x')}`);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'self'");
  });

  it('let any site frame the embeds, only the classic admin frame /django/, and no one else', () => {
    expect(framing('/embed/classic/player/a/1000')).toBe('anyone');
    expect(framing('/player/sermon/legacy/1000')).toBe('anyone');
    expect(framing('/de/embed/classic/examples')).toBe('anyone');
    expect(framing('/django/sermons/1000')).toBe('classicAdmin');
    expect(framing('/es/django/overview')).toBe('classicAdmin');
    expect(framing('/embedded')).toBe('nobody');
    expect(framing('/sermons/1000')).toBe('nobody');
    expect(framing('/djangoish')).toBe('nobody');

    const embed = securityHeaders(at('/embed/classic/player/a/1000?x=1'), { html: '' }, options);
    expect(embed['content-security-policy']).toContain('frame-ancestors *');
    expect(embed['x-frame-options']).toBeUndefined();
    const django = securityHeaders(at('/django/overview'), { html: '' }, options);
    expect(django['content-security-policy']).toContain("frame-ancestors 'self' https://admin.example.org");
    const none = securityHeaders(at('/django/overview'), { html: '' }, { ...options, classicAdminOrigins: [] });
    expect(none['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(securityHeaders(at('/'), { html: '' }, options)['x-frame-options']).toBe('DENY');
  });

  it('send nosniff and the referrer policy everywhere, HSTS only over HTTPS', () => {
    const plain = securityHeaders(at('/api/v2/node/sermons'), { json: true }, options);
    expect(plain).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    });
    expect(plain['strict-transport-security']).toBeUndefined();
    const https = securityHeaders(at('/'), { html: '' }, { ...options, publicUrl: 'https://kerygma.example' });
    expect(https['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const tls = securityHeaders({ url: '/', socket: { encrypted: true } as never }, {}, options);
    expect(tls['strict-transport-security']).toBeDefined();
  });

  it('send a script or stylesheet nosniff alone (no document of its own to frame or refer from)', () => {
    expect(securityHeaders(at('/_astro/react.abc.js'), { subresource: true }, options)).toEqual({
      'x-content-type-options': 'nosniff',
    });
    // Pictures and media keep the framing refusal: an SVG opened on its own is a document.
    expect(securityHeaders(at('/media/a.svg'), {}, options)['x-frame-options']).toBe('DENY');
  });

  it('allow on every page the island scripts of the whole site, read from the built manifest', () => {
    // Astro inlines a directive's script only where an island uses it; a navigation inside the
    // site keeps the first page's policy, so each page must allow every directive's script.
    const load = '(()=>{window.dispatchEvent(new Event("astro:load"))})();';
    const idle = '(()=>{var s="]\\"[";requestIdleCallback(()=>{})})();';
    const entry = `const m = {"base":"/","clientDirectives":${JSON.stringify([
      ['load', load],
      ['idle', idle],
    ])},"routes":[]};`;
    const site = directiveScriptHashes(entry);
    expect(site).toEqual([sha(load), sha(idle)]);
    const page = securityHeaders(
      at('/signup'),
      { html: '<script>own()</script>' },
      { ...options, siteScriptHashes: site },
    );
    expect(page['content-security-policy']).toContain(`script-src 'self' ${sha('own()')} ${sha(load)} ${sha(idle)};`);
    expect(directiveScriptHashes('export const nothing = 1;')).toEqual([]);
  });
});
