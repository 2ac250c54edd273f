import type { PublishState } from '@kerygma/domain/sermon-editing';
import type { MessageKey } from '@kerygma/i18n/t';

/** Spec §4 publish states, as the list and the editor name them. */
export const STATE_LABELS: Record<PublishState | 'all', MessageKey> = {
  all: 'dashboard.sermons.state.all',
  published: 'dashboard.sermons.state.published',
  scheduled: 'dashboard.sermons.state.scheduled',
  draft: 'dashboard.sermons.state.draft',
  unpublished: 'dashboard.sermons.state.unpublished',
};
