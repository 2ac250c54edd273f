import { describe, expect, it } from 'vitest';
import { languageLinks } from './language-links.ts';

describe('languageLinks', () => {
  it('links the page in each of the 13 languages, keeping the query and marking the current one', () => {
    const links = languageLinks('/sermons', '?page=2&sortBy=oldest', 'de');
    expect(links).toHaveLength(13);
    expect(links[0]).toEqual({
      code: 'en',
      href: '/sermons?page=2&sortBy=oldest',
      lang: 'en',
      name: 'English',
      current: false,
      cookie: 'i18n_redirected=en; Max-Age=31536000; Path=/; SameSite=Lax',
    });
    expect(links.filter((l) => l.current).map((l) => l.href)).toEqual(['/de/sermons?page=2&sortBy=oldest']);
    expect(links.find((l) => l.code === 'zh')).toMatchObject({ lang: 'zh-Hans', name: '中文（简体）' });
  });

  it('gives the home page the bare prefix of each language', () => {
    const links = languageLinks('/', '', 'en');
    expect(links.find((l) => l.code === 'en')).toMatchObject({ href: '/', current: true });
    expect(links.find((l) => l.code === 'ko')?.href).toBe('/ko');
  });
});
