import { sendAdminCommand } from '../cli/admin-channel.ts';
import { generateDemoCatalogue } from './demo-catalogue.ts';
import { chooseMediaSermons } from './demo-media.ts';

/** As many as the server's first-start seed gives media (seed.ts default). */
export const MEDIA_SERMONS = 30;

/**
 * A site admin's session on the server at `origin` holding the embedded database in `dataDir`
 * (the media tracker answers only managers): a new one made through the admin socket, as
 * `pnpm user:admin` would, and signed in.
 */
async function watcherSession(origin: string, dataDir: string): Promise<Record<string, string>> {
  const name = `mediawatch${Date.now()}`;
  const made = await sendAdminCommand(dataDir, { command: 'site-admin', name, email: `${name}@example.org` }, () => {});
  if (!made || !('ok' in made) || !made.ok) throw new Error(`could not make a site admin in ${dataDir}`);
  const password = made.text.trim().split('\n').pop();
  const signIn = await fetch(`${origin}/api/v2/site/users/${name}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password }),
  });
  if (!signIn.ok) throw new Error(`site admin sign-in: HTTP ${signIn.status}`);
  return { authorization: `Bearer ${((await signIn.json()) as { access_token: string }).access_token}` };
}

/**
 * Resolves once the media tracker of every demo media sermon on the server at `origin` (on the
 * embedded database in `dataDir`) shows its encode done; rejects on an encode error or after
 * `timeoutMs`. The server seeds its demo media through the pipeline, so renditions appear while
 * it already serves pages: browser journeys and Lighthouse that play or show media wait for this first.
 */
export async function demoMediaReady(origin: string, timeoutMs: number, dataDir: string): Promise<void> {
  let headers = await watcherSession(origin, dataDir);
  const pending = new Set(chooseMediaSermons(generateDemoCatalogue(), MEDIA_SERMONS).map((s) => s.sermonId));
  const until = Date.now() + timeoutMs;
  while (pending.size) {
    for (const id of [...pending]) {
      const response = await fetch(`${origin}/api/v2/node/sermons/${id}/media_tracker`, { headers });
      // The access token outlived (encodes on a busy machine take longer than its life): a new one.
      if (response.status === 401) {
        headers = await watcherSession(origin, dataDir);
        continue;
      }
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
