import type { TranscriptSegment } from '@kerygma/domain/contracts/transcripts';

/**
 * A transcript's segments as the editor's inputs hold them (times as typed, e.g. `1:05.25`), and
 * the checks made before a save: each time readable, the end after the start, both within the
 * recording. Plain functions over plain arrays, so an 800-segment transcript is checked in one pass.
 */
export type SegmentRow = { start: string; end: string; text: string };

/** What is wrong with a row, as a message key of `dashboard.transcript.errors`. */
export type RowProblem = 'time' | 'endBeforeStart' | 'beyondRecording';
export type RowProblems = ReadonlyMap<number, RowProblem>;

/** Durations are stored in whole seconds: a time up to a second past one is still within it. */
const ROUNDING_SECONDS = 1;

/** `83.25` → `1:23.25`, `3723.5` → `1:02:03.5` (hundredths at most, no trailing zeros). */
export function formatTime(seconds: number): string {
  const hundredths = Math.round(seconds * 100);
  const whole = Math.floor(hundredths / 100);
  const fraction = hundredths % 100;
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const secs = `${String(s).padStart(2, '0')}${fraction ? `.${String(fraction).padStart(2, '0').replace(/0$/, '')}` : ''}`;
  return h ? `${h}:${String(m).padStart(2, '0')}:${secs}` : `${m}:${secs}`;
}

/** `1:23.25`, `1:02:03`, `83.5` → seconds; null for anything else. */
export function parseTime(text: string): number | null {
  const match = /^(?:(?:(\d+):)?(\d{1,2}):)?(\d{1,2}(?:\.\d+)?|\d+(?:\.\d+)?)$/.exec(text.trim());
  if (!match) return null;
  const [, h, m, s] = match;
  if ((h !== undefined || m !== undefined) && Number(s) >= 60) return null;
  if (h !== undefined && Number(m) >= 60) return null;
  return Number(h ?? 0) * 3600 + Number(m ?? 0) * 60 + Number(s);
}

export const toRows = (segments: readonly TranscriptSegment[]): SegmentRow[] =>
  segments.map((s) => ({ start: formatTime(s.start), end: formatTime(s.end), text: s.text }));

/** A row's time in seconds: the stored one while its text is untouched (no rounding of what nobody edited). */
function seconds(typed: string, stored: number | undefined): number | null {
  return stored !== undefined && typed === formatTime(stored) ? stored : parseTime(typed);
}

function problemOf(start: number | null, end: number | null, durationSeconds: number): RowProblem | null {
  if (start === null || end === null) return 'time';
  if (end <= start) return 'endBeforeStart';
  if (durationSeconds > 0 && end > durationSeconds + ROUNDING_SECONDS) return 'beyondRecording';
  return null;
}

/**
 * The segments to save, or the problems by row index. `saved` is the transcript as loaded
 * (row for row), `durationSeconds` the recording's length (0 when unknown: no upper bound).
 */
export function checkRows(
  rows: readonly SegmentRow[],
  saved: readonly TranscriptSegment[],
  durationSeconds: number,
): { segments: TranscriptSegment[]; problems: null } | { segments: null; problems: RowProblems } {
  const problems = new Map<number, RowProblem>();
  const segments = rows.map((row, i) => {
    const start = seconds(row.start, saved[i]?.start);
    const end = seconds(row.end, saved[i]?.end);
    const problem = problemOf(start, end, durationSeconds);
    if (problem) problems.set(i, problem);
    return { start: start ?? 0, end: end ?? 0, text: row.text };
  });
  return problems.size ? { segments: null, problems } : { segments, problems: null };
}
