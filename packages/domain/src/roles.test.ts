import { describe, expect, it } from 'vitest';
import {
  BROADCASTER_ROLE as B,
  holdsBroadcasterRole,
  managesBroadcaster,
  mayUseVideoWall,
  SITE_ROLE,
} from './roles.ts';

const user = (roles: number[], broadcasterRoles: [string, number][]) => ({
  roles,
  broadcasterRoles: broadcasterRoles.map(([broadcasterID, broadcasterRoleID]) => ({
    broadcasterID,
    broadcasterRoleID,
  })),
});

describe('roles (§6)', () => {
  it('a broadcaster Admin is also its Uploader and Biller, and nobody else’s', () => {
    const admin = user([], [['gracechurch', B.admin]]);
    expect(holdsBroadcasterRole(admin, 'gracechurch', B.uploader)).toBe(true);
    expect(holdsBroadcasterRole(admin, 'GraceChurch', B.biller)).toBe(true);
    expect(holdsBroadcasterRole(admin, 'otherchurch', B.uploader)).toBe(false);
  });

  it('an Uploader is not a Biller', () => {
    const uploader = user([], [['gracechurch', B.uploader]]);
    expect(holdsBroadcasterRole(uploader, 'gracechurch', B.uploader)).toBe(true);
    expect(holdsBroadcasterRole(uploader, 'gracechurch', B.biller)).toBe(false);
    expect(managesBroadcaster(uploader, 'gracechurch')).toBe(true);
  });

  it('a site admin holds every role of every broadcaster; a translator does not', () => {
    expect(holdsBroadcasterRole(user([SITE_ROLE.admin], []), 'anychurch', B.biller)).toBe(true);
    expect(managesBroadcaster(user([SITE_ROLE.translate], []), 'anychurch')).toBe(false);
  });

  it('the video wall is for its VideoWall role and site admins, not a listener, translator or church Admin', () => {
    expect(mayUseVideoWall(user([SITE_ROLE.videoWall], []))).toBe(true);
    expect(mayUseVideoWall(user([SITE_ROLE.admin], []))).toBe(true);
    expect(mayUseVideoWall(user([], []))).toBe(false);
    expect(mayUseVideoWall(user([SITE_ROLE.translate], [['gracechurch', B.admin]]))).toBe(false);
  });
});
