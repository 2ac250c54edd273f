import type { PlayerCaption } from './types.ts';
import { $cue } from './view.ts';

/** The sermon's WebVTT files as the media's caption tracks. */
export function setTracks(media: HTMLMediaElement, captions: readonly PlayerCaption[]) {
  for (const track of media.querySelectorAll('track')) track.remove();
  for (const c of captions) {
    const track = document.createElement('track');
    track.kind = 'captions';
    track.src = c.url;
    track.srclang = c.language;
    track.label = c.label;
    media.append(track);
  }
}

/** The tracks' names in another language (the page's, after the listener changed it). */
export function relabelTracks(media: HTMLMediaElement, captions: readonly PlayerCaption[]) {
  const names = new Map(captions.map((c) => [c.language, c.label]));
  for (const track of media.querySelectorAll('track')) track.label = names.get(track.srclang) ?? track.label;
}

/**
 * Shows the cues of `language` (one setting, wherever the video is). While the picture is in
 * view (`over`: its page's frame, full screen, an embed) the browser draws them over it
 * ('showing'); otherwise (audio, or a docked video's small picture) the player's own caption
 * line says them ('hidden': the track still reports its cues), at once when they move there.
 */
export function showCaptions(media: HTMLMediaElement, language: string, over: boolean) {
  const tracks = [...media.textTracks];
  const shown = language === '' ? undefined : tracks.find((t) => t.language === language);
  for (const track of tracks) {
    track.mode = track !== shown ? 'disabled' : over ? 'showing' : 'hidden';
    track.oncuechange = null;
  }
  const say = () => {
    const text = [...(shown?.activeCues ?? [])].map((c) => (c as VTTCue).text).join('\n');
    $cue.set({ text, shown: true });
  };
  if (shown && !over) {
    shown.oncuechange = say;
    say();
  } else $cue.set({ text: '', shown: false });
}
