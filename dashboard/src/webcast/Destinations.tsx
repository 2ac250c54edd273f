import { MULTICAST_PLATFORMS, type Multicast, PLATFORM_INGEST_URLS } from '@kerygma/domain/contracts/multicast';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { Field } from '../forms/Field.tsx';
import { useDashboardForm } from '../forms/form.ts';
import { useI18n } from '../i18n.tsx';
import { useBroadcaster } from '../shell/broadcaster.tsx';
import { errorText } from '../shell/query.ts';
import { useToast } from '../shell/toasts.tsx';
import { POLL_MS, webcastApi, webcastKeys } from './webcast-api.ts';

const problem = (key: string) => JSON.stringify({ key });

/** A new destination as typed: the contract's rules, with messages in the reader's language. */
const newDestinationSchema = z
  .object({
    platform: z.enum(MULTICAST_PLATFORMS),
    label: z.string().trim().max(100, problem('webcastScreen.destinations.labelTooLong')),
    url: z
      .string()
      .trim()
      .max(500)
      .refine(
        (v) => v === '' || (/^rtmps?:\/\/[^\s/]+/i.test(v) && URL.canParse(v)),
        problem('webcastScreen.destinations.urlInvalid'),
      ),
    key: z
      .string()
      .trim()
      .min(1, problem('webcastScreen.destinations.keyNeeded'))
      .max(500)
      .regex(/^[^\s\p{Cc}]+$/u, problem('webcastScreen.destinations.keySpaces')),
    autoStart: z.boolean(),
  })
  .refine((v) => v.url !== '' || PLATFORM_INGEST_URLS[v.platform] !== undefined, {
    message: problem('webcastScreen.destinations.urlNeeded'),
    path: ['url'],
  });
type NewDestination = z.infer<typeof newDestinationSchema>;
const EMPTY: NewDestination = { platform: 'youtube', label: '', url: '', key: '', autoStart: false };

/** Statuses a restream moves through on its own, asked again until it settles. */
const moving = (m: Multicast) => m.status !== 'stopped';

function AddDestination({ onAdded }: { onAdded: (made: Multicast) => void }) {
  const { t } = useI18n();
  const toast = useToast();
  const { broadcasterID } = useBroadcaster();
  const form = useDashboardForm({ schema: newDestinationSchema, values: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const platform = form.watch('platform');
  const submit = form.handleSubmit(async (v) => {
    try {
      const made = await webcastApi.createMulticast({
        params: { broadcasterID },
        body: {
          stream_platform: v.platform,
          stream_label: v.label,
          ...(v.url ? { stream_url: v.url } : {}),
          stream_key: v.key,
          auto_start: v.autoStart,
          disabled: false,
          system: false,
        },
      });
      form.saved(EMPTY);
      toast('success', t('webcastScreen.destinations.added'));
      onAdded(made);
    } catch (error) {
      toast('error', errorText(error, t('dashboard.shell.loadFailed')));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="account-form" aria-labelledby="webcast-add-destination">
      <h3 id="webcast-add-destination">{t('webcastScreen.destinations.add')}</h3>
      <Field label={t('webcastScreen.destinations.platform')} error={errors.platform}>
        <select {...form.register('platform')}>
          {MULTICAST_PLATFORMS.map((p) => (
            <option key={p} value={p}>
              {t(`webcastScreen.platform.${p}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('webcastScreen.destinations.label')} error={errors.label}>
        <input type="text" {...form.register('label')} />
      </Field>
      <Field
        label={t('webcastScreen.destinations.url')}
        hint={
          PLATFORM_INGEST_URLS[platform]
            ? t('webcastScreen.destinations.urlDefault', { url: PLATFORM_INGEST_URLS[platform] })
            : undefined
        }
        error={errors.url}
      >
        <input type="url" inputMode="url" {...form.register('url')} />
      </Field>
      <Field label={t('webcastScreen.destinations.key')} error={errors.key}>
        <input type="password" autoComplete="off" {...form.register('key')} />
      </Field>
      <label className="check">
        <input type="checkbox" {...form.register('autoStart')} /> {t('webcastScreen.destinations.autoStart')}
      </label>
      <button type="submit" className="button" disabled={isSubmitting}>
        {t('webcastScreen.destinations.addButton')}
      </button>
    </form>
  );
}

type Action = 'start' | 'stop' | 'restart' | 'enable' | 'disable' | 'autoOn' | 'autoOff' | 'delete';

/** One destination with its status and what a person may do with it now. */
function Destination({ multicast, onChanged }: { multicast: Multicast; onChanged: (m: Multicast | null) => void }) {
  const { t } = useI18n();
  const toast = useToast();
  const { broadcasterID } = useBroadcaster();
  const [busy, setBusy] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const name = multicast.stream_label || t(`webcastScreen.platform.${multicast.stream_platform}`);
  const params = { broadcasterID, multicastID: multicast.multicast_id };

  async function act(action: Action) {
    setBusy(true);
    try {
      if (action === 'delete') {
        await webcastApi.deleteMulticast({ params });
        onChanged(null);
      } else if (action === 'start' || action === 'stop' || action === 'restart') {
        const call = {
          start: webcastApi.startMulticast,
          stop: webcastApi.stopMulticast,
          restart: webcastApi.restartMulticast,
        }[action];
        onChanged(await call({ params }));
      } else {
        const body =
          action === 'enable' || action === 'disable'
            ? { disabled: action === 'disable' }
            : { auto_start: action === 'autoOn' };
        onChanged(await webcastApi.updateMulticast({ params, body }));
      }
    } catch (error) {
      toast('error', errorText(error, t('dashboard.shell.loadFailed')));
    } finally {
      setBusy(false);
    }
  }
  const button = (action: Action, label: string) => (
    <button type="button" className="link-button" disabled={busy} onClick={() => void act(action)}>
      {label}
    </button>
  );
  const running = multicast.status === 'running' || multicast.status === 'starting';

  return (
    <li aria-label={name}>
      <p>
        <strong>{name}</strong> —{' '}
        <span data-status={multicast.status}>{t(`webcastScreen.status.${multicast.status}`)}</span>
        {multicast.disabled && <> — {t('webcastScreen.destinations.disabled')}</>}
      </p>
      <p className="hint">
        {multicast.stream_url} · {multicast.stream_key}
      </p>
      {multicast.last_event && (
        <p className="hint">
          {t(`webcastScreen.restreamEvent.${multicast.last_event.kind}`)}
          {multicast.last_event.detail ? `: ${multicast.last_event.detail}` : ''}
        </p>
      )}
      {!multicast.system && (
        <div className="form-actions">
          {!multicast.disabled &&
            (running
              ? button('stop', t('webcastScreen.destinations.stop'))
              : button('start', t('webcastScreen.destinations.start')))}
          {!multicast.disabled && running && button('restart', t('webcastScreen.destinations.restart'))}
          {multicast.disabled
            ? button('enable', t('webcastScreen.destinations.enable'))
            : button('disable', t('webcastScreen.destinations.disable'))}
          {multicast.auto_start
            ? button('autoOff', t('webcastScreen.destinations.autoStartOff'))
            : button('autoOn', t('webcastScreen.destinations.autoStartOn'))}
          {confirmingDelete ? (
            <span role="alertdialog" aria-label={t('webcastScreen.destinations.confirmDelete', { name })}>
              {t('webcastScreen.destinations.confirmDelete', { name })}{' '}
              <button type="button" className="button danger" disabled={busy} onClick={() => void act('delete')}>
                {t('webcastScreen.destinations.delete')}
              </button>
              <button type="button" className="link-button" onClick={() => setConfirmingDelete(false)}>
                {t('dashboardAccount.common.cancel')}
              </button>
            </span>
          ) : (
            <button type="button" className="link-button" onClick={() => setConfirmingDelete(true)}>
              {t('webcastScreen.destinations.delete')}
            </button>
          )}
        </div>
      )}
    </li>
  );
}

/** Restream destinations (spec §3 Multicast, §4 multicast status), for the broadcaster's Admins. */
export function Destinations() {
  const { t } = useI18n();
  const { broadcasterID } = useBroadcaster();
  const queryClient = useQueryClient();
  const key = webcastKeys.multicasts(broadcasterID);
  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => webcastApi.multicasts({ params: { broadcasterID }, query: {}, signal }),
    refetchInterval: (q) => (q.state.data?.results.some(moving) ? POLL_MS : false),
  });
  // The list takes each answer as it comes: the one added, changed or gone.
  const update = (change: (results: Multicast[]) => Multicast[]) =>
    queryClient.setQueryData<{ results: Multicast[] }>(key, (old) => (old ? { results: change(old.results) } : old));
  const added = (made: Multicast) => update((results) => [...results, made]);
  const replace = (id: number) => (changed: Multicast | null) =>
    update((results) =>
      changed
        ? results.map((m) => (m.multicast_id === id ? changed : m))
        : results.filter((m) => m.multicast_id !== id),
    );

  return (
    <section className="card" aria-labelledby="webcast-destinations">
      <h2 id="webcast-destinations">{t('webcastScreen.destinations.title')}</h2>
      <p>{t('webcastScreen.destinations.intro')}</p>
      {list.isError ? (
        <p role="alert">{errorText(list.error, t('dashboard.shell.loadFailed'))}</p>
      ) : list.data?.results.length === 0 ? (
        <p>{t('webcastScreen.destinations.none')}</p>
      ) : (
        <ul className="plain-list">
          {list.data?.results.map((m) => (
            <Destination key={m.multicast_id} multicast={m} onChanged={replace(m.multicast_id)} />
          ))}
        </ul>
      )}
      <AddDestination onAdded={added} />
    </section>
  );
}
