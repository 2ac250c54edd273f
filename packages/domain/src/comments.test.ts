import { describe, expect, it } from 'vitest';
import { commentHtml, commentParts, visibleLength } from './comments.ts';

describe('comment text', () => {
  it('escapes everything a comment holds before linking its addresses', () => {
    expect(commentHtml('<script>alert("x")</script> & \'quotes\'')).toBe(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;',
    );
  });

  it('links http(s) addresses with rel="nofollow ugc noopener", leaving trailing punctuation out', () => {
    expect(commentHtml('See https://example.org/a?b=1&c=2. Thanks')).toBe(
      'See <a href="https://example.org/a?b=1&amp;c=2" rel="nofollow ugc noopener">https://example.org/a?b=1&amp;c=2</a>. Thanks',
    );
    expect(commentParts('(http://example.org)')).toEqual([
      { text: '(' },
      { text: 'http://example.org', href: 'http://example.org' },
      { text: ')' },
    ]);
  });

  it('never links other schemes, and an address cannot break out of its attribute', () => {
    expect(commentHtml('javascript:alert(1) data:text/html,x')).toBe('javascript:alert(1) data:text/html,x');
    const html = commentHtml('https://example.org/"onmouseover="alert(1)');
    expect(html).toBe(
      '<a href="https://example.org/" rel="nofollow ugc noopener">https://example.org/</a>&quot;onmouseover=&quot;alert(1)',
    );
  });

  it('counts the characters a person sees, trimmed', () => {
    expect(visibleLength('  héllo 🙂  ')).toBe(7);
  });
});
