import type { CallRequest } from '@kerygma/api/transport';
import type { FeedImport, feedImportContracts } from '@kerygma/domain/contracts/feed-import';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDay } from '../dates.ts';
import { useI18n } from '../i18n.tsx';
import { Pager } from '../shell/Pager.tsx';
import { errorText } from '../shell/query.ts';
import { useToast } from '../shell/toasts.tsx';
import { feedImportApi, importKey } from './feed-import-api.ts';
import { TableScroll } from './TableScroll.tsx';

type Correction = NonNullable<CallRequest<(typeof feedImportContracts)['updateFeedImport']>['body']>;

/** Items a page: a feed may hold thousands. */
const ITEMS_PAGE = 50;

/** 1:02:03 or 42:05. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * The feed as Kerygma understood it, to correct before importing (speakers merged, an item's
 * series chosen or the item left out, published or draft): each correction is saved at once
 * (the server recomputes the items' speakers after a merge), then Import starts it.
 */
export function ImportPreview({ data, onDiscarded }: { data: FeedImport; onDiscarded: () => void }) {
  const { t } = useI18n();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [page, setPage] = useState(1);
  const params = { importID: data.importID };
  const show = (next: FeedImport) => queryClient.setQueryData(importKey(data.importID), next);

  const correct = async (body: Correction) => {
    setBusy(true);
    try {
      show(await feedImportApi.updateFeedImport({ params, body }));
    } catch (error) {
      toast('error', errorText(error, t('feedImportScreen.changeFailed')));
    } finally {
      setBusy(false);
    }
  };
  const start = async () => {
    setBusy(true);
    try {
      show(await feedImportApi.startFeedImport({ params }));
    } catch (error) {
      toast('error', errorText(error, t('feedImportScreen.changeFailed')));
    } finally {
      setBusy(false);
    }
  };
  const discard = async () => {
    if (!window.confirm(t('feedImportScreen.discardConfirm'))) return;
    try {
      await feedImportApi.deleteFeedImport({ params });
      queryClient.removeQueries({ queryKey: importKey(data.importID) });
      onDiscarded();
    } catch (error) {
      toast('error', errorText(error, t('feedImportScreen.changeFailed')));
    }
  };

  const importable = data.items.filter((item) => !item.alreadyImported);
  const chosen = importable.filter((item) => item.include).length;
  const pages = Math.max(1, Math.ceil(data.items.length / ITEMS_PAGE));
  const shown = data.items.slice((page - 1) * ITEMS_PAGE, page * ITEMS_PAGE);

  return (
    <>
      <div>
        <h2 id="feed-import-speakers">{t('feedImportScreen.speakers.title')}</h2>
        <p className="hint">{t('feedImportScreen.speakers.hint')}</p>
        <TableScroll labelledBy="feed-import-speakers">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('feedImportScreen.speakers.name')}</th>
                <th scope="col">{t('feedImportScreen.speakers.sermons')}</th>
                <th scope="col">{t('feedImportScreen.speakers.mergeInto')}</th>
              </tr>
            </thead>
            <tbody>
              {data.speakers.map((speaker) => (
                <tr key={speaker.name}>
                  <th scope="row">
                    {speaker.name}
                    {speaker.speakerID !== null && (
                      <span className="hint"> · {t('feedImportScreen.speakers.existing')}</span>
                    )}
                  </th>
                  <td>{speaker.sermonCount}</td>
                  <td>
                    <select
                      aria-label={t('feedImportScreen.speakers.mergeLabel', { name: speaker.name })}
                      value={speaker.mergeInto ?? ''}
                      disabled={busy}
                      onChange={(e) =>
                        void correct({ speakers: [{ name: speaker.name, mergeInto: e.target.value || null }] })
                      }
                    >
                      <option value="">{t('feedImportScreen.speakers.keep')}</option>
                      {data.speakers
                        .filter((other) => other.name !== speaker.name)
                        .map((other) => (
                          <option key={other.name} value={other.name}>
                            {other.name}
                          </option>
                        ))}
                    </select>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </div>

      <section aria-labelledby="feed-import-series">
        <h2 id="feed-import-series">{t('feedImportScreen.series.title')}</h2>
        {data.series.length === 0 ? (
          <p>{t('feedImportScreen.series.none')}</p>
        ) : (
          <ul className="rows">
            {data.series.map((series) => (
              <li key={series.title} className="row">
                <span>{series.title}</span>
                <span>
                  {t('feedImportScreen.speakers.sermons')}: {series.sermonCount}
                </span>
                {series.seriesID !== null && <span className="hint">{t('feedImportScreen.speakers.existing')}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>

      <div>
        <h2 id="feed-import-items">{t('feedImportScreen.items.title')}</h2>
        <TableScroll labelledBy="feed-import-items">
          <table className="feed-items">
            <caption>{t('feedImportScreen.items.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('feedImportScreen.items.include')}</th>
                <th scope="col">{t('feedImportScreen.items.sermon')}</th>
                <th scope="col">{t('feedImportScreen.items.date')}</th>
                <th scope="col">{t('feedImportScreen.items.speaker')}</th>
                <th scope="col">{t('feedImportScreen.items.series')}</th>
                <th scope="col">{t('feedImportScreen.items.passage')}</th>
                <th scope="col">{t('feedImportScreen.items.duration')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((item) => (
                <tr key={item.guid} className={item.alreadyImported ? 'already-imported' : undefined}>
                  <td>
                    {item.alreadyImported ? (
                      <span className="state">{t('feedImportScreen.items.alreadyImported')}</span>
                    ) : (
                      <input
                        type="checkbox"
                        aria-label={t('feedImportScreen.items.includeLabel', { title: item.title })}
                        checked={item.include}
                        disabled={busy}
                        onChange={(e) => void correct({ items: [{ guid: item.guid, include: e.target.checked }] })}
                      />
                    )}
                  </td>
                  <th scope="row">
                    {item.title}
                    {!item.enclosureURL && <span className="hint"> · {t('feedImportScreen.items.noAudio')}</span>}
                  </th>
                  <td>{formatDay(item.preachDate)}</td>
                  <td>{item.speakerName}</td>
                  <td>
                    {item.alreadyImported ? (
                      (item.seriesTitle ?? '')
                    ) : (
                      <select
                        aria-label={t('feedImportScreen.items.seriesLabel', { title: item.title })}
                        value={item.seriesTitle ?? ''}
                        disabled={busy}
                        onChange={(e) =>
                          void correct({ items: [{ guid: item.guid, seriesTitle: e.target.value || null }] })
                        }
                      >
                        <option value="">{t('feedImportScreen.items.noSeries')}</option>
                        {data.series.map((series) => (
                          <option key={series.title} value={series.title}>
                            {series.title}
                          </option>
                        ))}
                      </select>
                    )}
                  </td>
                  <td>{item.bibleText ?? ''}</td>
                  <td>{formatDuration(item.durationSeconds)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
        <Pager page={page} pages={pages} onPage={setPage} />
      </div>

      <fieldset className="inline-form">
        <legend>{t('feedImportScreen.publish.legend')}</legend>
        {(['published', 'draft'] as const).map((choice) => (
          <label key={choice} className="check">
            <input
              type="radio"
              name="feed-import-publish"
              value={choice}
              checked={data.publish === choice}
              disabled={busy}
              onChange={() => void correct({ publish: choice })}
            />
            <span>{t(`feedImportScreen.publish.${choice}`)}</span>
          </label>
        ))}
      </fieldset>

      <p role="status">{t('feedImportScreen.items.selected', { count: chosen, total: importable.length })}</p>
      <div className="form-actions">
        <button type="button" className="button" disabled={busy || chosen === 0} onClick={() => void start()}>
          {t('feedImportScreen.start')}
        </button>
        <button type="button" className="link-button danger" onClick={() => void discard()}>
          {t('feedImportScreen.discard')}
        </button>
      </div>
    </>
  );
}
