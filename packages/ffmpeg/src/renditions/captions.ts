/**
 * Caption files (spec §5: SRT or WebVTT uploads) to subtitle cues, and cues to WebVTT, the
 * format browsers' <track> elements and HLS players load. Pure string functions.
 */

/** A subtitle cue (spec §3): times in seconds. */
export type SubtitleCue = {
  id: string;
  startTime: number;
  endTime: number;
  text: string;
};

export type CaptionFormat = 'srt' | 'vtt';

const TIMESTAMP = /^(?:(\d+):)?(\d{2}):(\d{2})(?:[.,](\d{1,3}))?$/;

/**
 * A cue time to milliseconds: `HH:MM:SS,mmm` (SRT), `HH:MM:SS.mmm` or `MM:SS.mmm` (WebVTT).
 * Anything unparseable becomes 0 (spec §5).
 */
export function parseCueTime(value: string): number {
  const match = TIMESTAMP.exec(value.trim());
  if (!match) return 0;
  const [, hours = '0', minutes = '0', secs = '0', fraction = ''] = match;
  if (Number(minutes) > 59 || Number(secs) > 59) return 0;
  const ms = fraction ? Math.round(Number(`0.${fraction}`) * 1000) : 0;
  return ((Number(hours) * 60 + Number(minutes)) * 60 + Number(secs)) * 1000 + ms;
}

/** Which format `text` is in: WebVTT starts with the WEBVTT signature, anything else is read as SRT. */
export function captionFormat(text: string): CaptionFormat {
  return /^\uFEFF?WEBVTT(?:[ \t]|\r?\n|\r|$)/.test(text) ? 'vtt' : 'srt';
}

/** Parses an SRT or WebVTT file (detected with captionFormat) into cues. */
export function parseCaptions(text: string): SubtitleCue[] {
  return captionFormat(text) === 'vtt' ? parseVtt(text) : parseSrt(text);
}

/** Blocks separated by blank lines, with line endings normalised and the BOM dropped. */
function blocks(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((block) => block.split('\n').map((line) => line.replace(/[ \t]+$/, '')))
    .map((lines) => {
      let start = 0;
      while (start < lines.length && lines[start] === '') start++;
      return lines.slice(start);
    })
    .filter((lines) => lines.length > 0);
}

/** A block's cue: lines before the timing line are the identifier, lines after it the text. */
function cueOf(lines: string[], fallbackId: string): SubtitleCue | null {
  const timing = lines.findIndex((line) => line.includes('-->'));
  if (timing < 0) return null;
  const [start = '', rest = ''] = (lines[timing] ?? '').split('-->');
  // WebVTT cue settings ("align:start line:0") follow the end time after whitespace.
  const end = rest.trim().split(/\s+/)[0] ?? '';
  const id = lines.slice(0, timing).join(' ').trim();
  return {
    id: id || fallbackId,
    startTime: parseCueTime(start) / 1000,
    endTime: parseCueTime(end) / 1000,
    text: lines
      .slice(timing + 1)
      .join('\n')
      .trim(),
  };
}

/** SRT: numbered blocks of `start --> end` plus text. A missing number gets the cue's position. */
export function parseSrt(text: string): SubtitleCue[] {
  const cues: SubtitleCue[] = [];
  for (const lines of blocks(text)) {
    const cue = cueOf(lines, String(cues.length + 1));
    if (cue) cues.push(cue);
  }
  return cues;
}

/** WebVTT: skips the header and NOTE, STYLE and REGION blocks; cue settings are dropped. */
export function parseVtt(text: string): SubtitleCue[] {
  const cues: SubtitleCue[] = [];
  for (const [index, block] of blocks(text).entries()) {
    let lines = block;
    if (index === 0 && /^WEBVTT(\s|$)/.test(lines[0] ?? '')) {
      // The header holds no cue, unless a sloppy file put the first one straight under it.
      const timing = lines.findIndex((line) => line.includes('-->'));
      if (timing < 0) continue;
      lines = lines.slice(timing);
    }
    if (/^(NOTE|STYLE|REGION)(\s|$)/.test(lines[0] ?? '')) continue;
    const cue = cueOf(lines, String(cues.length + 1));
    if (cue) cues.push(cue);
  }
  return cues;
}

/** `HH:MM:SS.mmm` for WebVTT. */
export function formatVttTime(secondsValue: number): string {
  const totalMs = Math.max(0, Math.round((Number.isFinite(secondsValue) ? secondsValue : 0) * 1000));
  const ms = totalMs % 1000;
  const totalSeconds = (totalMs - ms) / 1000;
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(totalSeconds / 3600))}:${pad(Math.floor(totalSeconds / 60) % 60)}:${pad(totalSeconds % 60)}.${pad(ms, 3)}`;
}

/** Makes cue text safe for WebVTT: no blank lines (they end a cue), no "-->", SRT-only markup dropped. */
function vttText(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      // SRT renderers accept <font …> and ASS overrides such as {\an8}; WebVTT has neither.
      .replace(/<\/?font\b[^>]*>/gi, '')
      .replace(/\{\\[^}]*\}/g, '')
      .replace(/-->/g, '→')
      // A bare & or a < that opens no tag would be read as markup.
      .replace(/&(?![a-zA-Z]+;|#\d+;|#x[0-9a-fA-F]+;)/g, '&amp;')
      .replace(/<(?!\/?(?:[biuc]|v|lang|ruby|rt)\b[^<>]*>|\d{2}:)/g, '&lt;')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '')
      .join('\n')
  );
}

/** Writes cues as a WebVTT file. Identifiers are kept (made single-line and "-->"-free). */
export function formatVtt(cues: readonly SubtitleCue[]): string {
  const parts = ['WEBVTT', ''];
  for (const cue of cues) {
    const id = cue.id.replace(/\s+/g, ' ').replace(/-->/g, '→').trim();
    if (id) parts.push(id);
    parts.push(`${formatVttTime(cue.startTime)} --> ${formatVttTime(cue.endTime)}`, vttText(cue.text), '');
  }
  return parts.join('\n');
}

/** SRT or WebVTT caption file → WebVTT. */
export function captionsToVtt(text: string): string {
  return formatVtt(parseCaptions(text));
}
