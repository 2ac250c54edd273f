import { BROADCASTER_ACCOUNT_RULES as R } from '@kerygma/domain/broadcaster-account-values';
import type { HighlightedSermons as Highlighted } from '@kerygma/domain/contracts/broadcasters';
import { HIGHLIGHTED_SORT_ORDERS } from '@kerygma/domain/contracts/broadcasters';
import type { MessageKey } from '@kerygma/i18n/t';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { z } from 'zod';
import { Field } from '../forms/Field.tsx';
import { useDashboardForm, useLeaveWarning } from '../forms/form.ts';
import { useI18n } from '../i18n.tsx';
import { api } from '../sermons/sermon-api.ts';
import { useBroadcaster } from '../shell/broadcaster.tsx';
import { errorText } from '../shell/query.ts';
import { useToast } from '../shell/toasts.tsx';
import { catalogueApi } from './catalogue-api.ts';

const optionalText = z.string().trim().max(R.textMaxLength, { message: 'dashboard.editor.errors.tooLong' });
export const highlightedFormSchema = z.object({
  sortOrder: z.enum(['', ...HIGHLIGHTED_SORT_ORDERS]),
  sortTitle: optionalText,
  audioTitle: optionalText,
  audioSermonID: z.string(),
});
type HighlightedForm = z.infer<typeof highlightedFormSchema>;

const ORDER_LABELS: Record<(typeof HIGHLIGHTED_SORT_ORDERS)[number], MessageKey> = {
  preached: 'dashboard.catalogue.order.preached',
  popular: 'dashboard.catalogue.order.popular',
  added: 'dashboard.catalogue.order.added',
  picklistnewest: 'dashboard.catalogue.order.picklistnewest',
  picklistrandom: 'dashboard.catalogue.order.picklistrandom',
  clipsnewest: 'dashboard.catalogue.order.clipsnewest',
  clipsrandom: 'dashboard.catalogue.order.clipsrandom',
};

const toForm = (h: Highlighted): HighlightedForm => ({
  sortOrder: h.sortOrder ?? '',
  sortTitle: h.sortTitle ?? '',
  audioTitle: h.audioTitle ?? '',
  audioSermonID: h.audioSermon?.sermonID ?? '',
});

/** What the broadcaster page highlights: its short list's order and title, and one sermon. */
export function HighlightedSermons() {
  const { t } = useI18n();
  const { broadcasterID } = useBroadcaster();
  const highlighted = useQuery({
    queryKey: ['highlighted', broadcasterID],
    queryFn: ({ signal }) => catalogueApi.highlighted({ params: { broadcasterID }, signal }),
  });
  const published = useQuery({
    queryKey: ['sermons', broadcasterID, 'published-choices'],
    queryFn: ({ signal }) =>
      api.dashboardSermonList({ params: { broadcasterID }, query: { state: 'published', pageSize: 100 }, signal }),
  });
  if (highlighted.isError) return <p role="alert">{errorText(highlighted.error, t('dashboard.shell.loadFailed'))}</p>;
  if (!highlighted.data) return <p role="status">{t('dashboard.shell.loading')}</p>;
  return (
    <HighlightedEditor
      highlighted={highlighted.data}
      choices={(published.data?.results ?? []).map((s) => ({ value: s.sermonID, label: s.fullTitle }))}
    />
  );
}

function HighlightedEditor({
  highlighted,
  choices,
}: {
  highlighted: Highlighted;
  choices: { value: string; label: string }[];
}) {
  const { t } = useI18n();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { broadcasterID } = useBroadcaster();
  const values = useMemo(() => toForm(highlighted), [highlighted]);
  const form = useDashboardForm<HighlightedForm>({ schema: highlightedFormSchema, values });
  const { register, formState, handleSubmit } = form;
  useLeaveWarning(formState.isDirty);
  const current = highlighted.audioSermon;
  const options =
    current && !choices.some((c) => c.value === current.sermonID)
      ? [{ value: current.sermonID, label: current.fullTitle }, ...choices]
      : choices;
  const save = handleSubmit(async (next) => {
    try {
      const answer = await catalogueApi.updateHighlighted({
        params: { broadcasterID },
        body: {
          sortOrder: next.sortOrder || null,
          sortTitle: next.sortTitle || null,
          audioTitle: next.audioTitle || null,
          audioSermonID: next.audioSermonID || null,
        },
      });
      queryClient.setQueryData(['highlighted', broadcasterID], answer);
      form.saved(toForm(answer));
      toast('success', t('dashboard.catalogue.saved'));
    } catch (error) {
      toast('error', errorText(error, t('dashboard.editor.saveFailed')));
    }
  });
  return (
    <section aria-labelledby="highlighted-title">
      <h1 id="highlighted-title">{t('dashboard.nav.highlighted')}</h1>
      <form className="inline-form" onSubmit={save} noValidate>
        <Field label={t('dashboard.catalogue.highlightedSermon')} error={formState.errors.audioSermonID}>
          <select {...register('audioSermonID')}>
            <option value="">{t('dashboard.catalogue.none')}</option>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('dashboard.catalogue.highlightedTitle')} error={formState.errors.audioTitle}>
          <input {...register('audioTitle')} />
        </Field>
        <Field label={t('dashboard.catalogue.listOrder')} error={formState.errors.sortOrder}>
          <select {...register('sortOrder')}>
            <option value="">{t('dashboard.catalogue.order.default')}</option>
            {HIGHLIGHTED_SORT_ORDERS.map((o) => (
              <option key={o} value={o}>
                {t(ORDER_LABELS[o])}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('dashboard.catalogue.listTitle')} error={formState.errors.sortTitle}>
          <input {...register('sortTitle')} />
        </Field>
        <button type="submit" className="button" disabled={!formState.isDirty || formState.isSubmitting}>
          {t('dashboard.editor.save')}
        </button>
      </form>
    </section>
  );
}
