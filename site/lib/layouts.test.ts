import { describe, expect, it } from 'vitest';
import { LAYOUT_CHROME, LAYOUTS, layoutFor, resolveLayout, routeLayout } from './layouts.ts';

describe('layout selection', () => {
  it('routes: dashboard, django, video wall and embeds have their own; all else the site layout', () => {
    expect(routeLayout('/dashboard-beta/sermons')).toBe('dashboard');
    expect(routeLayout('/dashboard')).toBe('dashboard');
    expect(routeLayout('/django/overview')).toBe('dashboard-django');
    expect(routeLayout('/video-wall/qr')).toBe('video-wall');
    expect(routeLayout('/embed/classic/player/a/1')).toBe('embed');
    expect(routeLayout('/')).toBe('site');
    expect(routeLayout('/sermons/1')).toBe('site');
    expect(routeLayout('/dashboards')).toBe('site');
    expect(routeLayout('/hymnal/169/fullscreen')).toBe('standalone-modal');
    expect(routeLayout('/psalter/scottish-23/fullscreen')).toBe('standalone-modal');
    expect(routeLayout('/rewrite/psalter/53/fullscreen')).toBe('standalone-modal');
    expect(routeLayout('/article/puritanaudio/the-lord-s-prayer/print')).toBe('standalone-modal');
    expect(routeLayout('/article/the-lord-s-prayer/print')).toBe('standalone-modal');
    expect(routeLayout('/article/puritanaudio/the-lord-s-prayer')).toBe('site');
    expect(routeLayout('/rewrite/hymnal/169/fullscreen')).toBe('site');
    expect(routeLayout('/hymnal/169')).toBe('site');
    expect(routeLayout('/hymnal/search/fullscreen')).toBe('site');
  });

  it('a requested layout wins; an unknown one falls back to default', () => {
    expect(layoutFor('/sermons', 'lite')).toBe('lite');
    expect(layoutFor('/sermons', 'standalone-modal')).toBe('standalone-modal');
    expect(layoutFor('/sermons', 'fancy')).toBe('default');
    expect(layoutFor('/sermons', '')).toBe('default');
    expect(layoutFor('/sermons', null)).toBe('site');
    expect(resolveLayout('EMBED')).toBe('default');
  });

  it('every layout of the spec has a frame', () => {
    expect(LAYOUTS).toHaveLength(10);
    for (const layout of LAYOUTS) expect(['full', 'brand', 'none']).toContain(LAYOUT_CHROME[layout]);
    expect(LAYOUT_CHROME.embed).toBe('none');
    expect(LAYOUT_CHROME.site).toBe('full');
  });
});
