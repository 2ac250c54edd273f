import { BROADCASTER_ROLE as B } from '@kerygma/domain/roles';
import { describe, expect, it } from 'vitest';
import { mayOpen, visibleScreens } from './screens.ts';

describe('account screens by role (§6)', () => {
  it('an Uploader cannot open billing or managers, and the navigation lists no account screen', () => {
    expect(mayOpen([B.uploader], 'managers')).toBe(false);
    expect(mayOpen([B.uploader], 'billing')).toBe(false);
    expect(mayOpen([B.uploader], 'settings')).toBe(false);
    expect(visibleScreens([B.uploader])).toEqual([]);
  });

  it('a Biller sees donations and billing only', () => {
    expect(visibleScreens([B.biller]).map((s) => s.path)).toEqual(['donations', 'billing']);
  });

  it('an Admin (a site admin comes with every role) sees every screen; no role, none', () => {
    const all = [
      'settings',
      'customization',
      'email-settings',
      'podcast',
      'connections',
      'api-key',
      'managers',
      'donations',
      'billing',
    ];
    expect(visibleScreens([B.admin]).map((s) => s.path)).toEqual(all);
    expect(visibleScreens([B.admin, B.uploader, B.biller]).map((s) => s.path)).toEqual(all);
    expect(visibleScreens([])).toEqual([]);
  });
});
