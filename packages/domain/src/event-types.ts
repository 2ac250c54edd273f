/** Sermon event types, exactly as existing API clients send and expect them. */
export const EVENT_TYPES = [
  'Sunday Service',
  'Sunday - AM',
  'Sunday - PM',
  'Sunday Afternoon',
  'Sunday School',
  'Midweek Service',
  'Prayer Meeting',
  'Bible Study',
  'Teaching',
  'Devotional',
  'Conference',
  'Special Meeting',
  'Camp Meeting',
  'Chapel Service',
  'Youth',
  'Children',
  'Funeral Service',
  'Wedding',
  'Testimony',
  'Question & Answer',
  'Debate',
  'Current Events',
  'Radio Broadcast',
  'TV Broadcast',
  'Podcast',
  'Audio Book',
  'Classic Audio',
  'Sermon Clip',
  'Video DVD',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** The spec's default event type for a new sermon. */
export const DEFAULT_EVENT_TYPE: EventType = 'Sunday Service';

/** Speaker names that stand for "no particular speaker"; they never appear in speaker lists. */
export const PLACEHOLDER_SPEAKERS = ['Various Speakers', 'Unknown Speaker'] as const;
