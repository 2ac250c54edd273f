/**
 * Web preferences (spec §3 User, §4): JSON text kept locally and, when signed in, on the user
 * record. Saving keeps only the known keys (`t`, `shown`, `transcripts`, `multiviewId`, `multiviewIds`), merges
 * the dismissed messages (`shown`) with those already stored, and stamps `t` with the time.
 */

/** Messages a user can dismiss (spec §3). */
export const DISMISSIBLE_MESSAGES = ['welcome', 'legacy', 'learnSermonEditor', 'learnWebcastManager'] as const;
export type DismissibleMessage = (typeof DISMISSIBLE_MESSAGES)[number];

export type WebPreferences = {
  /** When they were last saved, epoch milliseconds. */
  t?: number;
  /** Dismissed messages. */
  shown?: DismissibleMessage[];
  /** Whether a sermon page opens its transcript (spec §4: hidden by default). */
  transcripts?: TranscriptsPreference;
  multiviewId?: string | number;
  multiviewIds?: (string | number)[];
};

export const TRANSCRIPTS_PREFERENCES = ['shown', 'hidden'] as const;
export type TranscriptsPreference = (typeof TRANSCRIPTS_PREFERENCES)[number];

/** Most multiview ids kept. */
export const MAX_MULTIVIEW_IDS = 50;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is string | number =>
  (typeof v === 'string' && v.length > 0 && v.length <= 100) || (typeof v === 'number' && Number.isFinite(v));

/**
 * The dismissed messages in a stored or sent `shown`: a list of message keys, or (as older
 * clients stored it) an object whose true-ish keys are the dismissed ones. Unknown keys are left out.
 */
function shownOf(value: unknown): DismissibleMessage[] {
  const keys = Array.isArray(value)
    ? value.filter((k): k is string => typeof k === 'string')
    : isRecord(value)
      ? Object.keys(value).filter((k) => Boolean(value[k]))
      : [];
  return DISMISSIBLE_MESSAGES.filter((m) => keys.includes(m));
}

/** Only the known keys of a preferences object, each of its type (others are dropped). */
export function knownPreferences(value: unknown): WebPreferences {
  if (!isRecord(value)) return {};
  const out: WebPreferences = {};
  if (typeof value.t === 'number' && Number.isFinite(value.t)) out.t = value.t;
  if ('shown' in value) out.shown = shownOf(value.shown);
  if ((TRANSCRIPTS_PREFERENCES as readonly unknown[]).includes(value.transcripts))
    out.transcripts = value.transcripts as TranscriptsPreference;
  if (isId(value.multiviewId)) out.multiviewId = value.multiviewId;
  if (Array.isArray(value.multiviewIds)) out.multiviewIds = value.multiviewIds.filter(isId).slice(0, MAX_MULTIVIEW_IDS);
  return out;
}

/**
 * What is saved when `sent` arrives over `stored`: the sent keys replace the stored ones (a
 * `null` multiviewId or multiviewIds clears it), the dismissed messages are the union of both,
 * and `t` is `now`.
 */
export function mergeWebPreferences(stored: unknown, sent: unknown, now: number): WebPreferences {
  const before = knownPreferences(stored);
  const after = knownPreferences(sent);
  const merged: WebPreferences = { ...before, ...after, t: now };
  const shown = shownOf([...(before.shown ?? []), ...(after.shown ?? [])]);
  if (shown.length) merged.shown = shown;
  else delete merged.shown;
  if (isRecord(sent)) {
    if (sent.multiviewId === null) delete merged.multiviewId;
    if (sent.multiviewIds === null) delete merged.multiviewIds;
  }
  return merged;
}
