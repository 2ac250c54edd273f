import { EVENT_TYPES } from '@kerygma/domain/event-types';
import { PAGE_SIZES } from '@kerygma/domain/page-sizes';
import { DASHBOARD_SERMON_SORTS, type DashboardSermonSort, PUBLISH_STATES } from '@kerygma/domain/sermon-editing';
import type { MessageKey } from '@kerygma/i18n/t';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDay, formatScheduled } from '../dates.ts';
import { useI18n } from '../i18n.tsx';
import { useAreaPath } from '../shell/area.ts';
import { useBroadcaster } from '../shell/broadcaster.tsx';
import { Pager } from '../shell/Pager.tsx';
import { errorText } from '../shell/query.ts';
import { eventTypeName, STATE_LABELS } from './labels.ts';
import { api } from './sermon-api.ts';

const SORT_LABELS: Record<DashboardSermonSort, MessageKey> = {
  newest: 'dashboard.sermons.sort.newest',
  oldest: 'dashboard.sermons.sort.oldest',
  updated: 'dashboard.sermons.sort.updated',
  title: 'dashboard.sermons.sort.title',
  published: 'dashboard.sermons.sort.newestPublished',
};
const STATES = ['all', ...PUBLISH_STATES] as const;
/** Spec §5: a search needs at least 3 characters. */
const SEARCH_MIN = 3;

const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  (allowed as readonly string[]).includes(value ?? '') ? (value as T) : fallback;

/** The broadcaster's sermons: search, filters, sorts, publish states and pages (spec §9: 25 a page). */
export function SermonList() {
  const { t } = useI18n();
  const to = useAreaPath();
  const { broadcasterID } = useBroadcaster();
  const [params, setParams] = useSearchParams();
  const state = pick(params.get('state'), STATES, 'all');
  const sortBy = pick(params.get('sortBy'), DASHBOARD_SERMON_SORTS, 'newest');
  const search = params.get('search') ?? '';
  const speakerID = Number(params.get('speakerID')) || undefined;
  const seriesID = Number(params.get('seriesID')) || undefined;
  const eventType = EVENT_TYPES.find((e) => e === params.get('eventType'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [typed, setTyped] = useState(search);
  const [tooShort, setTooShort] = useState(false);

  const set = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    // Another filter, sort or search starts again at the first page.
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };

  const query = useQuery({
    queryKey: ['sermons', broadcasterID, { state, sortBy, search, speakerID, seriesID, eventType, page }],
    queryFn: ({ signal }) =>
      api.dashboardSermonList({
        params: { broadcasterID },
        query: {
          sortBy,
          page,
          pageSize: PAGE_SIZES.sermons,
          state: state === 'all' ? undefined : state,
          search: search || undefined,
          speakerID,
          seriesID,
          eventType,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  // The filters' choices: every speaker and series of the broadcaster (as its own screens list them).
  const speakers = useQuery({
    queryKey: ['editable-speakers', broadcasterID],
    queryFn: ({ signal }) => api.editableSpeakers({ params: { broadcasterID }, signal }),
  });
  const series = useQuery({
    queryKey: ['editable-series', broadcasterID],
    queryFn: ({ signal }) => api.editableSeries({ params: { broadcasterID }, signal }),
  });

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    const text = typed.trim();
    if (text && text.length < SEARCH_MIN) {
      setTooShort(true);
      return;
    }
    setTooShort(false);
    set({ search: text });
  };

  const total = query.data?.totalCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZES.sermons));
  return (
    <section aria-labelledby="sermons-title">
      <div className="screen-head">
        <h1 id="sermons-title">{t('dashboard.sermons.title')}</h1>
        <Link className="button" to={to('/sermons/create')}>
          {t('dashboard.sermons.create')}
        </Link>
      </div>
      <form className="filters" onSubmit={onSearch}>
        <label>
          <span>{t('dashboard.sermons.search')}</span>
          <input
            type="search"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            aria-invalid={tooShort || undefined}
            aria-describedby={tooShort ? 'search-error' : undefined}
          />
        </label>
        <button type="submit">{t('dashboard.sermons.searchButton')}</button>
        {tooShort && (
          <p id="search-error" className="field-error">
            {t('dashboard.sermons.searchTooShort', { count: SEARCH_MIN })}
          </p>
        )}
        <FilterSelect
          label={t('dashboard.sermons.stateFilter')}
          value={state}
          onChange={(v) => set({ state: v === 'all' ? '' : v })}
          options={STATES.map((s) => ({ value: s, label: t(STATE_LABELS[s]) }))}
        />
        <FilterSelect
          label={t('dashboard.editor.speaker')}
          value={String(speakerID ?? '')}
          onChange={(v) => set({ speakerID: v })}
          options={[
            { value: '', label: t('dashboard.sermons.anySpeaker') },
            ...(speakers.data?.results ?? []).map((s) => ({ value: String(s.speakerID), label: s.displayName })),
          ]}
        />
        <FilterSelect
          label={t('dashboard.editor.series')}
          value={String(seriesID ?? '')}
          onChange={(v) => set({ seriesID: v })}
          options={[
            { value: '', label: t('dashboard.sermons.anySeries') },
            ...(series.data?.results ?? []).map((s) => ({ value: String(s.seriesID), label: s.title })),
          ]}
        />
        <FilterSelect
          label={t('dashboard.editor.eventType')}
          value={eventType ?? ''}
          onChange={(v) => set({ eventType: v })}
          options={[
            { value: '', label: t('dashboard.sermons.anyEventType') },
            ...EVENT_TYPES.map((e) => ({ value: e, label: eventTypeName(t, e) })),
          ]}
        />
        <FilterSelect
          label={t('dashboard.sermons.sortBy')}
          value={sortBy}
          onChange={(v) => set({ sortBy: v === 'newest' ? '' : v })}
          options={DASHBOARD_SERMON_SORTS.map((s) => ({ value: s, label: t(SORT_LABELS[s]) }))}
        />
      </form>
      {query.isError ? (
        <p role="alert">{errorText(query.error, t('dashboard.shell.loadFailed'))}</p>
      ) : !query.data ? (
        <p role="status">{t('dashboard.shell.loading')}</p>
      ) : query.data.results.length === 0 ? (
        <p>{t('dashboard.sermons.empty')}</p>
      ) : (
        <>
          <p className="count" aria-live="polite">
            {t('dashboard.sermons.count', { count: total })}
          </p>
          <ul className="rows">
            {query.data.results.map((sermon) => {
              const s = sermon.publishState;
              const scheduled =
                s === 'scheduled' && sermon.publishTimestamp ? formatScheduled(sermon.publishTimestamp) : null;
              return (
                <li key={sermon.sermonID} className="row">
                  <Link to={to(`/sermons/${sermon.sermonID}`)} className="row-title">
                    {sermon.fullTitle}
                  </Link>
                  <span className={`state state-${s}`}>{t(STATE_LABELS[s])}</span>
                  <span>{sermon.speaker.displayName}</span>
                  {sermon.series && <span>{sermon.series.title}</span>}
                  <span className="media-flags">
                    {sermon.hasAudio && t('dashboard.sermons.media.audio')}
                    {sermon.hasAudio && sermon.hasVideo && ' · '}
                    {sermon.hasVideo && t('dashboard.sermons.media.video')}
                  </span>
                  <span>{formatDay(sermon.preachDate)}</span>
                  {scheduled && (
                    <span className="scheduled">
                      {scheduled.eastern}
                      {scheduled.local && ` (${t('dashboard.sermons.yourTime', { time: scheduled.local })})`}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
          <Pager page={page} pages={pages} onPage={(p) => set({ page: String(p) })} />
        </>
      )}
    </section>
  );
}

/** One of the list's filters or its sort: a labelled choice whose value goes to the address. */
function FilterSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
}) {
  return (
    <label>
      <span>{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
