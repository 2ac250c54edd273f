import type { PublishState } from '@kerygma/domain/sermon-editing';
import { nameKey } from '@kerygma/i18n/name-key';
import type { MessageKey } from '@kerygma/i18n/t';

/** Spec §4 publish states, as the list and the editor name them. */
export const STATE_LABELS: Record<PublishState | 'all', MessageKey> = {
  all: 'dashboard.sermons.state.all',
  published: 'dashboard.sermons.state.published',
  scheduled: 'dashboard.sermons.state.scheduled',
  draft: 'dashboard.sermons.state.draft',
  unpublished: 'dashboard.sermons.state.unpublished',
};

/** An event type's name in the reader's language; the API's English name where none is written. */
export function eventTypeName(t: (key: MessageKey) => string, description: string): string {
  const key = `eventTypes.${nameKey(description)}` as MessageKey;
  const name = t(key);
  return name === key ? description : name;
}
