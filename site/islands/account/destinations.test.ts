import { describe, expect, it } from 'vitest';
import { afterSignIn, safeNext } from './destinations.ts';

const origin = 'https://kerygma.example';

describe('sign-in destinations (spec §2 Sign-in flow)', () => {
  it('keeps a path of this site, with its query and hash', () => {
    expect(safeNext('/sermons/1?x=2#t', origin)).toBe('/sermons/1?x=2#t');
    expect(safeNext('/de/speakers', origin)).toBe('/de/speakers');
  });

  it('drops anything that could lead to another site', () => {
    for (const next of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '',
      null,
    ])
      expect(safeNext(next, origin), String(next)).toBeNull();
  });

  it('sends next first, then admins and managers of several broadcasters to the picker, of one to the dashboard, others to the library', () => {
    const none = { admin: false, broadcasterIds: [] };
    expect(afterSignIn(none, '/library', '/series')).toBe('/series');
    expect(afterSignIn({ admin: true, broadcasterIds: [] }, '/library', null)).toBe('/broadcaster/select');
    expect(afterSignIn({ admin: false, broadcasterIds: ['a', 'b'] }, '/library', null)).toBe('/broadcaster/select');
    expect(afterSignIn({ admin: false, broadcasterIds: ['a'] }, '/library', null)).toBe('/dashboard-beta');
    expect(afterSignIn(none, '/de/library', null)).toBe('/de/library');
  });
});
