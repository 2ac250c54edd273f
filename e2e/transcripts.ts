import { type APIRequestContext, expect } from '@playwright/test';

/** Timed segments as the transcript API takes them. */
export type Segment = { start: number; end: number; text: string };

const transcriptUrl = (sermonID: string) => `/api/v2/node/sermons/${sermonID}/transcript`;

/**
 * Writes `segments` as a sermon's transcript with the broadcaster's API key, as a manager
 * would: over the automatic one if there is one, else a transcript of its own, written by hand.
 */
export async function writtenTranscript(
  request: APIRequestContext,
  sermonID: string,
  headers: Record<string, string>,
  segments: Segment[],
): Promise<void> {
  const written = await request.put(transcriptUrl(sermonID), { headers, data: { segments } });
  expect(written.status(), await written.text()).toBe(200);
}

/**
 * Writes `segments` over a sermon's automatic transcript, as a manager correcting it would.
 * Without one yet (PocketSphinx's draft: the demo's recordings say their sermon's text), it is
 * asked for, so it runs ahead of the automatic queue, and waited for.
 */
export async function correctedTranscript(
  request: APIRequestContext,
  sermonID: string,
  headers: Record<string, string>,
  segments: Segment[],
): Promise<void> {
  const automatic = async () => {
    const answer = await request.get(transcriptUrl(sermonID), { headers });
    return answer.ok() && ((await answer.json()) as { source: string }).source !== 'manual';
  };
  if (!(await automatic())) {
    const asked = await request.post(`${transcriptUrl(sermonID)}/transcribe`, { headers });
    expect(asked.status(), await asked.text()).toBe(202);
    await expect.poll(automatic, { timeout: 300_000, intervals: [2_000] }).toBe(true);
  }
  await writtenTranscript(request, sermonID, headers, segments);
}
