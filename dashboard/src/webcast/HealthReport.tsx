import { STREAM_HEALTH_EVENTS, type WebcastHealth } from '@kerygma/domain/contracts/webcasts';
import type { MessageKey } from '@kerygma/i18n/t';
import { useMemo } from 'react';
import { useI18n } from '../i18n.tsx';

/** How many recent health events a report lists. */
const RECENT_EVENTS = 8;
/** The events the server records, each with its words. */
const KNOWN_EVENTS: ReadonlySet<string> = new Set(STREAM_HEALTH_EVENTS);

/**
 * A webcast's stream health (spec §4) and its latest events, in words: the webcast screen's live
 * panel and the site admins' overview (/admin/webcast-health) show it alike.
 */
export function HealthReport({ health }: { health: WebcastHealth }) {
  const { t, lang } = useI18n();
  const time = useMemo(() => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }), [lang]);
  return (
    <>
      <p data-health={health.state}>
        {t('webcastScreen.live.health', { state: t(`webcastScreen.health.${health.state}`) })}
      </p>
      <ul aria-label={t('webcastScreen.live.events')}>
        {health.events.slice(0, RECENT_EVENTS).map((e) => (
          <li key={`${e.timestamp}-${e.event}`}>
            {time.format(e.timestamp * 1000)}:{' '}
            {KNOWN_EVENTS.has(e.event) ? t(`webcastScreen.event.${e.event}` as MessageKey) : e.event}
          </li>
        ))}
      </ul>
    </>
  );
}
