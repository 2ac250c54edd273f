import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** What the position-sync journeys (accounts.spec.ts, library.spec.ts) need of a sermon. */
export type ListenedSermon = {
  sermonID: string;
  displayTitle: string;
  audioDurationSeconds: number;
  hasVideo: boolean;
  speaker: { speakerID: number; displayName: string };
  broadcaster: { broadcasterID: string };
};

/** The longest audio-only demo sermon (minutes), so its middle is far from both ends. */
export async function longestAudioSermon(request: APIRequestContext): Promise<ListenedSermon> {
  const response = await request.get('/api/v2/node/sermons?media=audio&pageSize=100&lite=true');
  const list = ((await response.json()) as { results: ListenedSermon[] }).results.filter((s) => !s.hasVideo);
  const longest = list.sort((a, b) => b.audioDurationSeconds - a.audioDurationSeconds)[0];
  if (!longest) throw new Error('the demo catalogue has no audio sermon');
  return longest;
}

export const player = (page: Page) => page.locator('[data-player][data-mode="page"]');
export const media = (page: Page) => page.locator('[data-player-screen] video');
export const currentTime = (page: Page) => media(page).evaluate((m: HTMLMediaElement) => m.currentTime);

/**
 * On the sermon's page (open in `page`), plays it, moves to its middle and pauses there; the
 * position goes to the signed-in account. `names`: the Play and Pause buttons' names in the
 * page's language. Answers where it stopped.
 */
export async function playToMiddleAndPause(
  page: Page,
  sermon: ListenedSermon,
  names: { play: string; pause: string },
): Promise<number> {
  await page.getByRole('button', { name: names.play }).click();
  await expect(player(page)).toHaveAttribute('data-state', 'playing');
  const middle = Math.round(sermon.audioDurationSeconds / 2);
  await media(page).evaluate((m: HTMLMediaElement, at: number) => {
    m.currentTime = at;
  }, middle);
  await expect.poll(() => currentTime(page)).toBeGreaterThan(middle);
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().includes(`/api/v2/site/history/sermons/${sermon.sermonID}`),
  );
  await player(page).getByRole('button', { name: names.pause }).click();
  expect((await saved).ok()).toBe(true);
  return currentTime(page);
}
