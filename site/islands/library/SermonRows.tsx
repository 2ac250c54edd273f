import type { LiteSermon } from '@kerygma/domain/catalogue';
import type { MessageKey, Translate } from '@kerygma/i18n/t';
import type { ReactNode } from 'react';
import { sermonRowsHtml } from '../../lib/sermon-rows.ts';
import { type IslandMessages, islandTranslator } from '../messages.ts';

type Props = {
  sermons: readonly LiteSermon[];
  /** The rows' messages (lib/sermon-row-messages.ts). */
  rowMessages: IslandMessages<MessageKey>;
  /** The locale's path prefix ('' or '/es'). */
  base: string;
  label: string;
  /** Shown under a row, beside it: a position, a Remove button. */
  extra?: (sermon: LiteSermon) => ReactNode;
};

/**
 * Sermon rows in the browser, the same rows as <SermonList> (lib/sermon-rows.ts builds both, so
 * the library's lists look like every other list), each with room for what the list adds.
 */
export default function SermonRows({ sermons, rowMessages, base, label, extra }: Props) {
  const t = islandTranslator(rowMessages) as Translate;
  const href = (path: string) => `${base}${path}`;
  const context = { t, href, lang: rowMessages.lang };
  const columns = { showSpeaker: true, showBroadcaster: true, showSeries: true };
  return (
    <ol className="sermon-list" aria-label={label}>
      {sermons.map((s) => (
        <li key={s.sermonID} className="library-item">
          <div
            // Escaped by sermonRowsHtml, as on the server.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the shared row builder escapes every value
            dangerouslySetInnerHTML={{ __html: sermonRowsHtml([s], columns, context, 'div') }}
          />
          {extra?.(s)}
        </li>
      ))}
    </ol>
  );
}
