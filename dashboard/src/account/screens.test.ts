import { BROADCASTER_ROLE as B } from '@kerygma/domain/roles';
import { describe, expect, it } from 'vitest';
import { mayOpen, visibleScreens } from './screens.ts';

describe('account screens by role (§6)', () => {
  it('an Uploader cannot open billing or managers, and has neither in the navigation', () => {
    expect(mayOpen([B.uploader], 'managers')).toBe(false);
    expect(mayOpen([B.uploader], 'billing')).toBe(false);
    expect(mayOpen([B.uploader], 'settings')).toBe(true);
    expect(visibleScreens([B.uploader]).map((s) => s.path)).toEqual([
      'settings',
      'customization',
      'email-settings',
      'connections',
      'api-key',
    ]);
  });

  it('a Biller sees donations and billing but not managers nor settings', () => {
    const paths = visibleScreens([B.biller]).map((s) => s.path);
    expect(paths).toEqual(['donations', 'billing']);
  });

  it('an Admin (a site admin comes with every role) sees every screen; no role, none', () => {
    expect(visibleScreens([B.admin])).toHaveLength(8);
    expect(visibleScreens([B.admin, B.uploader, B.biller])).toHaveLength(8);
    expect(visibleScreens([])).toEqual([]);
  });
});
