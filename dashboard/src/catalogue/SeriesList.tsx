import type { editorSeriesSchema } from '@kerygma/domain/contracts/sermon-editing';
import { FEED_LINK_KINDS, type FeedLinkKind, type FeedLinks } from '@kerygma/domain/feeds';
import { PAGE_SIZES } from '@kerygma/domain/page-sizes';
import { SERMON_LIMITS } from '@kerygma/domain/sermon-editing';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { optionalURL } from '../account/form/rules.ts';
import { Field } from '../forms/Field.tsx';
import { useDashboardForm, useLeaveWarning } from '../forms/form.ts';
import { useI18n } from '../i18n.tsx';
import { api } from '../sermons/sermon-api.ts';
import { useBroadcaster } from '../shell/broadcaster.tsx';
import { Pager } from '../shell/Pager.tsx';
import { errorText } from '../shell/query.ts';
import { useToast } from '../shell/toasts.tsx';

type Series = z.infer<typeof editorSeriesSchema>;

export const seriesFormSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, { message: 'dashboard.catalogue.errors.nameRequired' })
    .max(SERMON_LIMITS.seriesTitle, { message: 'dashboard.editor.errors.tooLong' }),
  description: z.string().max(SERMON_LIMITS.seriesDescription, { message: 'dashboard.editor.errors.tooLong' }),
  podcastEnabled: z.boolean(),
  /** Where the podcast is also listed: an address, or empty for nowhere. */
  feedLinks: z.object(
    Object.fromEntries(FEED_LINK_KINDS.map((kind) => [kind, optionalURL(2000)])) as Record<
      FeedLinkKind,
      ReturnType<typeof optionalURL>
    >,
  ),
});
type SeriesForm = z.infer<typeof seriesFormSchema>;

/** The links as the API keeps them: the empty ones left out. */
const feedLinksOf = (form: SeriesForm['feedLinks']): FeedLinks =>
  Object.fromEntries(Object.entries(form).filter(([, url]) => url !== ''));

/** The broadcaster's series (spec §9: 20 a page): new, edit, delete. */
export function SeriesList() {
  const { t } = useI18n();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { broadcasterID } = useBroadcaster();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const key = ['editable-series', broadcasterID];
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.editableSeries({ params: { broadcasterID }, signal }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const all = query.data?.results ?? [];
  const pages = Math.max(1, Math.ceil(all.length / PAGE_SIZES.series));
  const shown = all.slice((page - 1) * PAGE_SIZES.series, page * PAGE_SIZES.series);

  const remove = async (series: Series) => {
    if (!window.confirm(t('dashboard.catalogue.deleteSeriesConfirm', { title: series.title }))) return;
    try {
      await api.deleteSeries({ params: { seriesID: series.seriesID } });
      toast('success', t('dashboard.catalogue.deleted'));
      await refresh();
    } catch (error) {
      toast('error', errorText(error, t('dashboard.editor.saveFailed')));
    }
  };

  return (
    <section aria-labelledby="series-title">
      <div className="screen-head">
        <h1 id="series-title">{t('dashboard.nav.series')}</h1>
        <button type="button" className="button" onClick={() => setEditing('new')}>
          {t('dashboard.catalogue.newSeries')}
        </button>
      </div>
      {editing === 'new' && (
        <SeriesEditor
          onDone={() => {
            setEditing(null);
            void refresh();
          }}
        />
      )}
      {query.isError && <p role="alert">{errorText(query.error, t('dashboard.shell.loadFailed'))}</p>}
      {query.data && all.length === 0 && <p>{t('dashboard.catalogue.noSeries')}</p>}
      <ul className="rows">
        {shown.map((series) => (
          <li key={series.seriesID} className="row">
            {editing === series.seriesID ? (
              <SeriesEditor
                series={series}
                onDone={() => {
                  setEditing(null);
                  void refresh();
                }}
              />
            ) : (
              <>
                <span className="row-title">{series.title}</span>
                <span>{t('dashboard.sermons.count', { count: series.sermonCount })}</span>
                {series.podcastEnabled && <span>{t('dashboard.catalogue.podcast')}</span>}
                <button type="button" className="link-button" onClick={() => setEditing(series.seriesID)}>
                  {t('dashboard.catalogue.edit')}
                </button>
                <button type="button" className="link-button danger" onClick={() => void remove(series)}>
                  {t('dashboard.editor.delete')}
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      <Pager page={page} pages={pages} onPage={setPage} />
    </section>
  );
}

function SeriesEditor({ series, onDone }: { series?: Series; onDone: () => void }) {
  const { t } = useI18n();
  const toast = useToast();
  const { broadcasterID } = useBroadcaster();
  const values = useMemo<SeriesForm>(
    () => ({
      title: series?.title ?? '',
      description: series?.description ?? '',
      podcastEnabled: series?.podcastEnabled ?? true,
      feedLinks: Object.fromEntries(
        FEED_LINK_KINDS.map((kind) => [kind, series?.feedLinks[kind] ?? '']),
      ) as SeriesForm['feedLinks'],
    }),
    [series],
  );
  const form = useDashboardForm<SeriesForm>({ schema: seriesFormSchema, values });
  const { register, formState, handleSubmit, watch } = form;
  useLeaveWarning(formState.isDirty);
  const podcast = watch('podcastEnabled');
  const save = handleSubmit(async (next) => {
    const feedLinks = feedLinksOf(next.feedLinks);
    try {
      if (series) await api.updateSeries({ params: { seriesID: series.seriesID }, body: { ...next, feedLinks } });
      else {
        const made = await api.createSeries({
          params: { broadcasterID },
          body: { series_name: next.title, description: next.description },
        });
        // Creating takes a name and a description only: the rest follows where it differs.
        const rest = {
          ...(made.podcastEnabled === next.podcastEnabled ? {} : { podcastEnabled: next.podcastEnabled }),
          ...(Object.keys(feedLinks).length > 0 ? { feedLinks } : {}),
        };
        if (Object.keys(rest).length > 0) await api.updateSeries({ params: { seriesID: made.seriesID }, body: rest });
      }
      form.saved(next);
      toast('success', t('dashboard.catalogue.saved'));
      onDone();
    } catch (error) {
      toast('error', errorText(error, t('dashboard.editor.saveFailed')));
    }
  });
  return (
    <form className="inline-form" onSubmit={save} noValidate>
      <Field label={t('dashboard.catalogue.seriesTitle')} error={formState.errors.title}>
        <input {...register('title')} />
      </Field>
      <Field label={t('dashboard.catalogue.description')} error={formState.errors.description}>
        <textarea rows={3} {...register('description')} />
      </Field>
      <label className="check">
        <input type="checkbox" {...register('podcastEnabled')} />
        <span>{t('dashboard.catalogue.podcastEnabled')}</span>
      </label>
      {podcast && (
        <fieldset>
          <legend>{t('podcast.seriesLinks.legend')}</legend>
          <p className="hint">{t('podcast.seriesLinks.hint')}</p>
          {FEED_LINK_KINDS.map((kind) => (
            <Field key={kind} label={t(`podcast.seriesLinks.${kind}`)} error={formState.errors.feedLinks?.[kind]}>
              <input type="url" inputMode="url" {...register(`feedLinks.${kind}`)} />
            </Field>
          ))}
        </fieldset>
      )}
      <div className="form-actions">
        <button type="submit" className="button" disabled={formState.isSubmitting}>
          {t('dashboard.editor.save')}
        </button>
        <button
          type="button"
          className="link-button"
          onClick={() => {
            form.discard();
            onDone();
          }}
        >
          {t('dashboard.editor.cancel')}
        </button>
      </div>
    </form>
  );
}
