import { type ScheduledWebcast, WEBCAST_SCHEDULE_RULES } from '@kerygma/domain/contracts/webcasts';
import type { MessageKey } from '@kerygma/i18n/t';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { optionalText } from '../account/form/rules.ts';
import { formatMoment, fromNow, isoToLocalInput, localToIso, viewerZone } from '../dates.ts';
import { Field } from '../forms/Field.tsx';
import { useDashboardForm } from '../forms/form.ts';
import { useI18n } from '../i18n.tsx';
import { useBroadcaster } from '../shell/broadcaster.tsx';
import { errorText } from '../shell/query.ts';
import { useToast } from '../shell/toasts.tsx';
import { webcastApi, webcastKeys } from './webcast-api.ts';

const problem = (key: MessageKey, params?: Record<string, number>) => JSON.stringify({ key, params });
const { titleMax, descriptionMax, minutesMax } = WEBCAST_SCHEDULE_RULES;

/**
 * A scheduled webcast as typed: the contract's rules with messages in the reader's language. The
 * start is the viewer's wall-clock time; a new start must be in the future (`kept`: the start it
 * had, which may stay though it has come).
 */
export const scheduleFormSchema = (kept?: string) =>
  z.object({
    title: z
      .string()
      .trim()
      .min(1, problem('error.webcastSchedule.titleRequired'))
      .max(titleMax, problem('dashboardAccount.validation.tooLong', { max: titleMax })),
    description: optionalText(descriptionMax),
    start: z
      .string()
      .min(1, problem('webcastScreen.schedule.startNeeded'))
      .refine(
        (v) => v === kept || Date.parse(localToIso(v)) > Date.now(),
        problem('error.webcastSchedule.startInPast'),
      ),
    minutes: z
      .string()
      .trim()
      .refine(
        (v) => v === '' || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= minutesMax),
        problem('webcastScreen.schedule.durationInvalid'),
      ),
  });
type ScheduleValues = z.infer<ReturnType<typeof scheduleFormSchema>>;
const EMPTY: ScheduleValues = { title: '', description: '', start: '', minutes: '' };

const valuesOf = (s: ScheduledWebcast): ScheduleValues => ({
  title: s.title,
  description: s.description,
  start: isoToLocalInput(s.startDate),
  minutes: s.expectedDurationMinutes === null ? '' : String(s.expectedDurationMinutes),
});

/** The body of a create or change; an unchanged start is left out (it may have come already). */
const bodyOf = (v: ScheduleValues, kept?: string) => ({
  title: v.title,
  description: v.description,
  ...(v.start === kept ? {} : { startDate: localToIso(v.start) }),
  expectedDurationMinutes: v.minutes === '' ? null : Number(v.minutes),
});

type FormProps = {
  /** The one changed; none: a new one. */
  editing?: ScheduledWebcast;
  onDone: (saved: ScheduledWebcast) => void;
  onCancel?: () => void;
};

function ScheduleForm({ editing, onDone, onCancel }: FormProps) {
  const { t } = useI18n();
  const toast = useToast();
  const { broadcasterID } = useBroadcaster();
  const initial = useMemo(() => (editing ? valuesOf(editing) : EMPTY), [editing]);
  const schema = useMemo(() => scheduleFormSchema(editing ? initial.start : undefined), [editing, initial]);
  const form = useDashboardForm({ schema, values: initial });
  const { errors, isSubmitting } = form.formState;
  const heading = editing
    ? t('webcastScreen.schedule.editTitle', { title: editing.title })
    : t('webcastScreen.schedule.add');
  const id = editing ? `webcast-schedule-${editing.scheduledWebcastID}` : 'webcast-schedule-new';
  const submit = form.handleSubmit(async (v) => {
    try {
      const saved = editing
        ? await webcastApi.updateScheduled({
            params: { broadcasterID, scheduledWebcastID: editing.scheduledWebcastID },
            body: bodyOf(v, initial.start),
          })
        : await webcastApi.createScheduled({
            params: { broadcasterID },
            body: { ...bodyOf(v), startDate: localToIso(v.start) },
          });
      form.saved(editing ? valuesOf(saved) : EMPTY);
      toast('success', t(editing ? 'webcastScreen.schedule.saved' : 'webcastScreen.schedule.added'));
      onDone(saved);
    } catch (error) {
      toast('error', errorText(error, t('dashboard.shell.loadFailed')));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="account-form" aria-labelledby={id}>
      <h3 id={id}>{heading}</h3>
      <Field label={t('webcastScreen.schedule.webcastTitle')} error={errors.title}>
        <input type="text" {...form.register('title')} />
      </Field>
      <Field
        label={t('webcastScreen.schedule.start')}
        hint={t('webcastScreen.schedule.startHint', { zone: viewerZone() })}
        error={errors.start}
      >
        <input type="datetime-local" {...form.register('start')} />
      </Field>
      <Field label={t('webcastScreen.schedule.duration')} error={errors.minutes}>
        <input type="number" inputMode="numeric" min={1} max={minutesMax} {...form.register('minutes')} />
      </Field>
      <Field label={t('webcastScreen.schedule.description')} error={errors.description}>
        <textarea rows={3} {...form.register('description')} />
      </Field>
      <div className="form-actions">
        <button type="submit" className="button" disabled={isSubmitting}>
          {editing ? t('dashboardAccount.common.save') : t('webcastScreen.schedule.addButton')}
        </button>
        {onCancel && (
          <button type="button" className="link-button" onClick={onCancel}>
            {t('dashboardAccount.common.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}

/** One scheduled webcast: when, its length, and changing or deleting it (after a confirmation). */
function Scheduled({ item, onChanged }: { item: ScheduledWebcast; onChanged: (s: ScheduledWebcast | null) => void }) {
  const { t } = useI18n();
  const toast = useToast();
  const { broadcasterID } = useBroadcaster();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function remove() {
    setBusy(true);
    try {
      await webcastApi.deleteScheduled({ params: { broadcasterID, scheduledWebcastID: item.scheduledWebcastID } });
      toast('success', t('webcastScreen.schedule.deleted'));
      onChanged(null);
    } catch (error) {
      toast('error', errorText(error, t('dashboard.shell.loadFailed')));
      setBusy(false);
    }
  }

  if (editing)
    return (
      <li aria-label={item.title}>
        <ScheduleForm
          editing={item}
          onDone={(saved) => {
            setEditing(false);
            onChanged(saved);
          }}
          onCancel={() => setEditing(false)}
        />
      </li>
    );
  return (
    <li aria-label={item.title}>
      <p>
        <strong>{item.title}</strong> — <time dateTime={item.startDate}>{formatMoment(item.startDate)}</time> (
        {fromNow(item.startDate)})
        {item.expectedDurationMinutes !== null && (
          <> — {t('webcasts.expectedDuration', { minutes: item.expectedDurationMinutes })}</>
        )}
      </p>
      {item.description && <p className="hint">{item.description}</p>}
      <div className="form-actions">
        <button type="button" className="link-button" onClick={() => setEditing(true)}>
          {t('webcastScreen.schedule.edit')}
        </button>
        {confirming ? (
          <span role="alertdialog" aria-label={t('webcastScreen.schedule.confirmDelete', { title: item.title })}>
            {t('webcastScreen.schedule.confirmDelete', { title: item.title })}{' '}
            <button type="button" className="button danger" disabled={busy} onClick={() => void remove()}>
              {t('webcastScreen.schedule.delete')}
            </button>
            <button type="button" className="link-button" onClick={() => setConfirming(false)}>
              {t('dashboardAccount.common.cancel')}
            </button>
          </span>
        ) : (
          <button type="button" className="link-button" onClick={() => setConfirming(true)}>
            {t('webcastScreen.schedule.delete')}
          </button>
        )}
      </div>
    </li>
  );
}

const soonestFirst = (list: ScheduledWebcast[]) => [...list].sort((a, b) => a.startTimestamp - b.startTimestamp);

/**
 * The broadcaster's scheduled webcasts (issue 27): the upcoming ones (as the site shows them,
 * until two hours past their start), added, changed and deleted here.
 */
export function ScheduledWebcasts() {
  const { t } = useI18n();
  const { broadcasterID } = useBroadcaster();
  const queryClient = useQueryClient();
  const key = webcastKeys.scheduled(broadcasterID);
  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => webcastApi.scheduled({ params: { broadcasterID }, query: { pageSize: 100 }, signal }),
  });
  // The list takes each answer as it comes: the one added, changed or gone, kept soonest first.
  const update = (change: (results: ScheduledWebcast[]) => ScheduledWebcast[]) =>
    queryClient.setQueryData<{ results: ScheduledWebcast[] }>(key, (old) =>
      old ? { ...old, results: soonestFirst(change(old.results)) } : old,
    );
  const replace = (id: number) => (changed: ScheduledWebcast | null) =>
    update((results) =>
      changed
        ? results.map((s) => (s.scheduledWebcastID === id ? changed : s))
        : results.filter((s) => s.scheduledWebcastID !== id),
    );

  return (
    <section className="card" aria-labelledby="webcast-scheduled">
      <h2 id="webcast-scheduled">{t('webcastScreen.schedule.title')}</h2>
      <p>{t('webcastScreen.schedule.intro')}</p>
      {list.isError ? (
        <p role="alert">{errorText(list.error, t('dashboard.shell.loadFailed'))}</p>
      ) : list.data?.results.length === 0 ? (
        <p>{t('webcastScreen.schedule.none')}</p>
      ) : (
        <ul className="plain-list">
          {list.data?.results.map((s) => (
            <Scheduled key={s.scheduledWebcastID} item={s} onChanged={replace(s.scheduledWebcastID)} />
          ))}
        </ul>
      )}
      <ScheduleForm onDone={(made) => update((results) => [...results, made])} />
    </section>
  );
}
