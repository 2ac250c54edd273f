import { feedPath } from '@kerygma/domain/feeds';
import { useState } from 'react';
import { useI18n } from '../../i18n.tsx';

/** The broadcaster's own feeds, to give to podcast directories, each with a copy button. */
export function FeedAddresses({ broadcasterID, origin }: { broadcasterID: string; origin: string }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState<string | null>(null);
  const feeds = [
    {
      id: 'podcast-feed-rss',
      label: t('podcast.settings.rss'),
      url: `${origin}${feedPath('broadcaster', broadcasterID, 'rss')}`,
    },
    {
      id: 'podcast-feed-atom',
      label: t('podcast.settings.atom'),
      url: `${origin}${feedPath('broadcaster', broadcasterID, 'atom')}`,
    },
  ];
  return (
    <section className="card" aria-labelledby="podcast-feeds">
      <h2 id="podcast-feeds">{t('podcast.settings.feeds')}</h2>
      <p>{t('podcast.settings.feedsHelp')}</p>
      {feeds.map((feed) => (
        <div key={feed.id} className="field">
          <label htmlFor={feed.id}>{feed.label}</label>
          <div className="field-row">
            <input id={feed.id} readOnly value={feed.url} onFocus={(e) => e.currentTarget.select()} />
            <button
              type="button"
              className="button"
              onClick={() => void navigator.clipboard?.writeText(feed.url).then(() => setCopied(feed.id))}
            >
              {t('podcast.settings.copy')}
            </button>
          </div>
        </div>
      ))}
      <p role="status">{copied ? t('podcast.settings.copied') : ''}</p>
    </section>
  );
}
