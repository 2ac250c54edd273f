/**
 * Where the video shows. On the page of the sermon playing as video, in that page's frame (its
 * still: PlayerButton.astro, `data-player-frame`), under the button that plays and pauses it,
 * as on a video site; the dock then keeps its controls without a second picture
 * (`data-framed`). Anywhere else in the dock. It is the one <video> that moves (in one task, so
 * it plays on). In full screen it stays put until that ends (moving it would end it).
 */
export function placeScreen(root: HTMLElement, screen: HTMLElement, videoOf: string | undefined) {
  if (screen.isConnected && document.fullscreenElement === screen) return;
  const frame =
    videoOf === undefined
      ? null
      : document.querySelector<HTMLElement>(`[data-player-frame][data-player-id="${CSS.escape(videoOf)}"]`);
  const place = frame ?? root.querySelector<HTMLElement>('.frame');
  if (place && screen.parentElement !== place) place.prepend(screen);
  root.toggleAttribute('data-framed', frame !== null);
}
