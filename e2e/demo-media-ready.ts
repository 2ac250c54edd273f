import type { FullConfig } from '@playwright/test';
import { generateDemoCatalogue } from '../packages/server/src/seed/demo-catalogue.ts';
import { chooseMediaSermons } from '../packages/server/src/seed/demo-media.ts';

/** As many as the server's first-start seed gives media (seed.ts default). */
const MEDIA_SERMONS = 30;
/** Generous: on a busy 2-core machine the 30 encodes take minutes (a few seconds each when idle). */
const TIMEOUT_MS = 900_000;

/**
 * Global setup: the server seeds its demo media through the pipeline, so the renditions appear
 * while it already serves pages. Journeys that play media need them, so this waits until the
 * media tracker of every demo media sermon shows its encode done (and fails on an encode error).
 */
export default async function demoMediaReady(config: FullConfig) {
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) throw new Error('no baseURL');
  const pending = new Set(chooseMediaSermons(generateDemoCatalogue(), MEDIA_SERMONS).map((s) => s.sermonId));
  const until = Date.now() + TIMEOUT_MS;
  while (pending.size) {
    for (const id of [...pending]) {
      const response = await fetch(`${baseURL}/api/v2/node/sermons/${id}/media_tracker`);
      if (!response.ok) throw new Error(`media tracker of sermon ${id}: HTTP ${response.status}`);
      const { events } = (await response.json()) as { events: { state: string; failed: boolean; detail: string }[] };
      const failed = events.find((e) => e.failed);
      if (failed) throw new Error(`demo media of sermon ${id}: ${failed.state} ${failed.detail}`);
      if (events.some((e) => e.state === 'encoded-audio' || e.state === 'encoded-video')) pending.delete(id);
    }
    if (!pending.size) break;
    if (Date.now() > until) throw new Error(`demo media not encoded after ${TIMEOUT_MS / 1000} s: ${[...pending]}`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}
