/**
 * The webcast player (components/LivePlayer.astro): the site's HLS playing (hls.ts, hls.js only
 * where the browser has no native HLS, fetched on the first Play) in a live mode, as a plain
 * module with no React. Live: the 'Live' badge while at the edge, 'Go live' back to it when
 * behind, seeking kept inside the DVR window (the playlist's segments) and never past the edge.
 * A replay plays like any video. Its words are the server-rendered markup's.
 */

/** Further behind the edge than this (seconds) is 'behind live'. */
const BEHIND_SECONDS = 12;
/** How long a webcast that has just gone live is waited for until its first segment is listed. */
const FIRST_SEGMENT_WAIT_MS = 20_000;
/** A live stream that failed (a segment missed, the encoder back after a drop) is loaded again this often. */
const RETRY_MS = 2_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once the playlist lists a segment: a webcast is live from its encoder's first packet,
 * a few seconds before the first segment is cut, and a player given an empty playlist gives up.
 */
async function firstSegment(url: string): Promise<void> {
  const until = Date.now() + FIRST_SEGMENT_WAIT_MS;
  while (Date.now() < until) {
    try {
      const answer = await fetch(url, { credentials: 'same-origin', cache: 'no-store' });
      if (answer.ok && (await answer.text()).includes('#EXTINF')) return;
    } catch {
      // Not reachable this moment: asked again.
    }
    await pause(1_000);
  }
}

type Parts = {
  root: HTMLElement;
  media: HTMLVideoElement;
  start: HTMLButtonElement;
  badge: HTMLElement | null;
  goLive: HTMLButtonElement | null;
};

function partsOf(root: HTMLElement): Parts | null {
  const media = root.querySelector<HTMLVideoElement>('video');
  const start = root.querySelector<HTMLButtonElement>('[data-live-start]');
  if (!media || !start) return null;
  return {
    root,
    media,
    start,
    badge: root.querySelector<HTMLElement>('[data-live-badge]'),
    goLive: root.querySelector<HTMLButtonElement>('[data-live-go]'),
  };
}

/** The live edge: the end of what can be played (the DVR window's end). */
function edge(media: HTMLMediaElement): number | null {
  const { seekable } = media;
  return seekable.length > 0 ? seekable.end(seekable.length - 1) : null;
}

function watchLive(p: Parts) {
  const { media, root } = p;
  const show = () => {
    const end = edge(media);
    const behind = end !== null && end - media.currentTime > BEHIND_SECONDS;
    root.dataset.behind = String(behind);
    if (p.goLive) p.goLive.hidden = !behind;
  };
  // No seeking past the edge (nor before the window's start): back inside the window.
  media.addEventListener('seeking', () => {
    const end = edge(media);
    if (end !== null && media.currentTime > end) media.currentTime = Math.max(0, end - 1);
    const start = media.seekable.length > 0 ? media.seekable.start(0) : 0;
    if (media.currentTime < start) media.currentTime = start;
  });
  media.addEventListener('timeupdate', show);
  media.addEventListener('pause', show);
  p.goLive?.addEventListener('click', () => {
    const end = edge(media);
    if (end !== null) media.currentTime = Math.max(0, end - 3);
    void media.play();
  });
}

async function start(p: Parts) {
  const { media, root } = p;
  const url = root.dataset.src;
  if (!url) return;
  const live = root.dataset.live === 'true';
  p.start.disabled = true;
  if (live) await firstSegment(url);
  if (media.canPlayType('application/vnd.apple.mpegurl')) {
    media.src = url;
    // The browser's own HLS stops at an error: a live stream is loaded again from its edge.
    if (live)
      media.addEventListener('error', () => {
        void pause(RETRY_MS).then(() => {
          media.src = url;
          return media.play().catch(() => undefined);
        });
      });
  } else {
    const { attachHls } = await import('./hls.ts');
    await attachHls(media, url, { live });
  }
  media.controls = true;
  p.start.hidden = true;
  root.dataset.started = 'true';
  if (live) watchLive(p);
  await media.play().catch(() => undefined);
}

for (const root of document.querySelectorAll<HTMLElement>('[data-live-player]')) {
  const p = partsOf(root);
  if (p) p.start.addEventListener('click', () => void start(p), { once: true });
}
