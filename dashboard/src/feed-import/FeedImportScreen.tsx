import type { FeedImport } from '@kerygma/domain/contracts/feed-import';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatDay } from '../dates.ts';
import { useI18n } from '../i18n.tsx';
import { useBroadcaster } from '../shell/broadcaster.tsx';
import { errorText } from '../shell/query.ts';
import { feedImportApi, importKey, POLL_MS } from './feed-import-api.ts';
import { ImportPreview } from './ImportPreview.tsx';
import { ImportProgress } from './ImportProgress.tsx';
import { SourceForm } from './SourceForm.tsx';

/**
 * Importing a church's existing podcast feed (issue 25 "Feeds in"): its address or XML is read
 * into a preview, corrected (speakers merged, items left out, published or draft), then imported
 * while the screen follows the progress. The import in hand is in the address (`?importID=`),
 * so a reload or a later visit comes back to it.
 */
export default function FeedImportScreen() {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const importID = Number(params.get('importID')) || null;
  const open = (id: number | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('importID', String(id));
      else next.delete('importID');
      return next;
    });

  return (
    <section aria-labelledby="feed-import-title">
      <h1 id="feed-import-title">{t('feedImportScreen.title')}</h1>
      {importID ? (
        <ImportView importID={importID} onClose={() => open(null)} />
      ) : (
        <>
          <p>{t('feedImportScreen.intro')}</p>
          <SourceForm
            onRead={(read) => {
              queryClient.setQueryData(importKey(read.importID), read);
              open(read.importID);
            }}
          />
          <EarlierImports onOpen={open} />
        </>
      )}
    </section>
  );
}

/** One import: its preview to correct, or its progress, asked again every few seconds while it runs. */
function ImportView({ importID, onClose }: { importID: number; onClose: () => void }) {
  const { t } = useI18n();
  const query = useQuery({
    queryKey: importKey(importID),
    queryFn: ({ signal }) => feedImportApi.getFeedImport({ params: { importID }, signal }),
    refetchInterval: (q) => (q.state.data?.state === 'importing' ? POLL_MS : false),
    staleTime: 0,
  });
  if (query.isError) return <p role="alert">{errorText(query.error, t('dashboard.shell.loadFailed'))}</p>;
  const data = query.data;
  if (!data) {
    return (
      <p className="loading" role="status">
        {t('dashboard.shell.loading')}
      </p>
    );
  }
  return (
    <>
      <Channel data={data} />
      {data.state === 'preview' ? (
        <ImportPreview data={data} onDiscarded={onClose} />
      ) : (
        <ImportProgress data={data} onAnother={onClose} />
      )}
      <NewFeedAddress url={data.newFeedURL} />
    </>
  );
}

function Channel({ data }: { data: FeedImport }) {
  const { t } = useI18n();
  const { channel } = data;
  return (
    <section className="card channel" aria-labelledby="feed-import-channel">
      {channel.imageURL && <img src={channel.imageURL} alt="" width={96} height={96} />}
      <div>
        <h2 id="feed-import-channel">{channel.title}</h2>
        {channel.author && <p>{t('feedImportScreen.channel.by', { author: channel.author })}</p>}
        {data.sourceURL && <p className="hint">{data.sourceURL}</p>}
      </div>
    </section>
  );
}

/** Kerygma's feed, to give the old host as the feed's new address so subscribers follow. */
function NewFeedAddress({ url }: { url: string }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  return (
    <section className="card" aria-labelledby="feed-import-new-feed">
      <h2 id="feed-import-new-feed">{t('feedImportScreen.newFeed.title')}</h2>
      <p>{t('feedImportScreen.newFeed.text')}</p>
      <div className="field">
        <label htmlFor="feed-import-new-feed-url">{t('feedImportScreen.newFeed.label')}</label>
        <div className="field-row">
          <input id="feed-import-new-feed-url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
          <button
            type="button"
            className="button"
            onClick={() => void navigator.clipboard?.writeText(url).then(() => setCopied(true))}
          >
            {t('feedImportScreen.newFeed.copy')}
          </button>
        </div>
        <p role="status">{copied ? t('feedImportScreen.newFeed.copied') : ''}</p>
      </div>
    </section>
  );
}

/** The broadcaster's earlier imports, to come back to a preview or an import's progress. */
function EarlierImports({ onOpen }: { onOpen: (importID: number) => void }) {
  const { t } = useI18n();
  const { broadcasterID } = useBroadcaster();
  const query = useQuery({
    queryKey: ['feed-imports', broadcasterID],
    queryFn: ({ signal }) => feedImportApi.listFeedImports({ params: { broadcasterID }, signal }),
  });
  const imports = query.data?.results ?? [];
  if (imports.length === 0) return null;
  return (
    <section aria-labelledby="feed-import-earlier">
      <h2 id="feed-import-earlier">{t('feedImportScreen.earlier.title')}</h2>
      <ul className="rows">
        {imports.map((earlier) => (
          <li key={earlier.importID} className="row">
            <button type="button" className="link-button row-title" onClick={() => onOpen(earlier.importID)}>
              {earlier.channel.title}
            </button>
            <span className={`state state-${earlier.state}`}>{t(`feedImportScreen.state.${earlier.state}`)}</span>
            <span>
              {t('feedImportScreen.earlier.started', {
                date: formatDay(new Date(earlier.createdAt * 1000).toISOString().slice(0, 10)),
              })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
