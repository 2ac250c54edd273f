import { useCallback } from 'react';
import { useParams } from 'react-router';

/**
 * The dashboard's prefixes (spec §2): the same screens under /dashboard and /dashboard-beta
 * (the new-dashboard cookie says which is canonical) and, in the classic admin's layout, /django.
 */
export const AREAS = ['dashboard', 'dashboard-beta', 'django'] as const;
export type Area = (typeof AREAS)[number];

/** Spec §9 "new dashboard flag": set, the new dashboard is /dashboard; else it is /dashboard-beta. */
export const NEW_DASHBOARD_COOKIE = 'kerygma_new_dashboard';

export function newDashboardFlag(cookie: string): boolean {
  return cookie.split(/;\s*/).includes(`${NEW_DASHBOARD_COOKIE}=1`);
}

/**
 * Where a path under the locale prefix should be: /dashboard ↔ /dashboard-beta as the flag says,
 * or null when it is already there (django paths and the other SPA prefixes stay).
 */
export function canonicalDashboardPath(path: string, flag: boolean): string | null {
  const match = /^\/(dashboard|dashboard-beta)(?=\/|$)/.exec(path);
  if (!match) return null;
  const canonical = flag ? 'dashboard' : 'dashboard-beta';
  return match[1] === canonical ? null : `/${canonical}${path.slice(match[0].length)}`;
}

/** The area the current route is under. */
export function useArea(): Area {
  const { area } = useParams();
  return (AREAS as readonly string[]).includes(area ?? '') ? (area as Area) : 'dashboard-beta';
}

/** A dashboard path in the current area: `to('/sermons/12')` → `/dashboard-beta/sermons/12`. */
export function useAreaPath(): (path: string) => string {
  const area = useArea();
  return useCallback((path: string) => `/${area}${path}`, [area]);
}
