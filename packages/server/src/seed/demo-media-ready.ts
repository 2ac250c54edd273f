import { generateDemoCatalogue } from './demo-catalogue.ts';
import { chooseMediaSermons } from './demo-media.ts';

/** As many as the server's first-start seed gives media (seed.ts default). */
const MEDIA_SERMONS = 30;

/**
 * Resolves once the media tracker of every demo media sermon on the server at `origin` shows
 * its encode done; rejects on an encode error or after `timeoutMs`. The server seeds its demo
 * media through the pipeline, so renditions appear while it already serves pages: browser
 * journeys and Lighthouse that play or show media wait for this first.
 */
export async function demoMediaReady(origin: string, timeoutMs: number): Promise<void> {
  const pending = new Set(chooseMediaSermons(generateDemoCatalogue(), MEDIA_SERMONS).map((s) => s.sermonId));
  const until = Date.now() + timeoutMs;
  while (pending.size) {
    for (const id of [...pending]) {
      const response = await fetch(`${origin}/api/v2/node/sermons/${id}/media_tracker`);
      if (!response.ok) throw new Error(`media tracker of sermon ${id}: HTTP ${response.status}`);
      const { events } = (await response.json()) as { events: { state: string; failed: boolean; detail: string }[] };
      const failed = events.find((e) => e.failed);
      if (failed) throw new Error(`demo media of sermon ${id}: ${failed.state} ${failed.detail}`);
      if (events.some((e) => e.state === 'encoded-audio' || e.state === 'encoded-video')) pending.delete(id);
    }
    if (!pending.size) break;
    if (Date.now() > until) throw new Error(`demo media not encoded after ${timeoutMs / 1000} s: ${[...pending]}`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}
