import { type APIRequestContext, expect } from '@playwright/test';

/** Timed segments as the transcript API takes them. */
export type Segment = { start: number; end: number; text: string };

/**
 * Writes `segments` over a sermon's automatic transcript with the broadcaster's API key, as a
 * manager correcting it would. Without one yet (PocketSphinx's draft: the demo's recordings say
 * their sermon's text), it is asked for, so it runs ahead of the automatic queue, and waited
 * for: the write answers 404 until the transcript exists.
 */
export async function correctedTranscript(
  request: APIRequestContext,
  sermonID: string,
  headers: Record<string, string>,
  segments: Segment[],
): Promise<void> {
  const write = () => request.put(`/api/v2/node/sermons/${sermonID}/transcript`, { headers, data: { segments } });
  if ((await write()).status() === 200) return;
  const asked = await request.post(`/api/v2/node/sermons/${sermonID}/transcript/transcribe`, { headers });
  expect(asked.status(), await asked.text()).toBe(202);
  await expect.poll(async () => (await write()).status(), { timeout: 300_000, intervals: [2_000] }).toBe(200);
}
