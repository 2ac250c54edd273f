import { BROADCASTER_ROLE as B, SITE_ROLE } from '@kerygma/domain/roles';
import { describe, expect, it } from 'vitest';
import { mayOpen, visibleScreens } from './screens.ts';

const holder = (roles: number[], broadcasterRoleID?: number) => ({
  roles,
  broadcasterRoles: broadcasterRoleID ? [{ broadcasterID: 'gracechurch', broadcasterRoleID }] : [],
});

describe('account screens by role (§6)', () => {
  it('an Uploader cannot open billing or managers, and has neither in the navigation', () => {
    const uploader = holder([], B.uploader);
    expect(mayOpen(uploader, 'gracechurch', 'managers')).toBe(false);
    expect(mayOpen(uploader, 'gracechurch', 'billing')).toBe(false);
    expect(mayOpen(uploader, 'gracechurch', 'settings')).toBe(true);
    expect(visibleScreens(uploader, 'gracechurch').map((s) => s.path)).toEqual([
      'settings',
      'customization',
      'email-settings',
      'connections',
      'api-key',
    ]);
  });

  it('a Biller sees donations and billing but not managers', () => {
    const paths = visibleScreens(holder([], B.biller), 'gracechurch').map((s) => s.path);
    expect(paths).toContain('billing');
    expect(paths).toContain('donations');
    expect(paths).not.toContain('managers');
    expect(paths).not.toContain('settings');
  });

  it('an Admin and a site admin see every screen; another broadcaster’s Admin none', () => {
    expect(visibleScreens(holder([], B.admin), 'gracechurch')).toHaveLength(8);
    expect(visibleScreens(holder([SITE_ROLE.admin]), 'gracechurch')).toHaveLength(8);
    expect(visibleScreens(holder([], B.admin), 'otherchurch')).toEqual([]);
  });
});
