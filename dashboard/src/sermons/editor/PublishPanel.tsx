import type { EditableSermon } from '@kerygma/domain/contracts/sermon-editing';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { easternToIso, formatScheduled, isoToEasternInput } from '../../dates.ts';
import { useI18n } from '../../i18n.tsx';
import { useAreaPath } from '../../shell/area.ts';
import { errorText } from '../../shell/query.ts';
import { useToast } from '../../shell/toasts.tsx';
import { STATE_LABELS } from '../labels.ts';
import { api } from '../sermon-api.ts';

type PublishBody = Parameters<typeof api.setSermonPublishState>[0]['body'];

/**
 * Spec §4 publish states: publish now, schedule (a minute in US Eastern, the viewer's time
 * beside it), back to draft, unpublish; and duplicate or delete. Publishing needs a title, a
 * named speaker and the copyright acknowledgement, saved (the server checks the same).
 */
export function PublishPanel({
  sermon,
  dirty,
  onChanged,
}: {
  sermon: EditableSermon;
  dirty: boolean;
  onChanged: (sermon: EditableSermon) => void;
}) {
  const { t } = useI18n();
  const toast = useToast();
  const navigate = useNavigate();
  const to = useAreaPath();
  const [when, setWhen] = useState(() =>
    sermon.publishTimestamp && sermon.publishState === 'scheduled' ? isoToEasternInput(sermon.publishTimestamp) : '',
  );
  const [busy, setBusy] = useState(false);
  const state = sermon.publishState;
  const blocked = !sermon.publishable
    ? t('dashboard.editor.notPublishable')
    : !sermon.acceptCopyright
      ? t('dashboard.editor.copyrightRequired')
      : null;

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      toast('error', errorText(error, t('dashboard.editor.saveFailed')));
    } finally {
      setBusy(false);
    }
  };
  const setState = (body: PublishBody, done: string) =>
    run(async () => {
      onChanged(await api.setSermonPublishState({ params: { sermonID: sermon.sermonID }, body }));
      toast('success', done);
    });
  const scheduled = sermon.publishTimestamp && state === 'scheduled' ? formatScheduled(sermon.publishTimestamp) : null;
  const preview = when ? formatScheduled(easternToIso(when)) : null;
  const disabled = busy || dirty;

  return (
    <section className="publish-panel" aria-labelledby="publish-title">
      <h2 id="publish-title">{t('dashboard.editor.publishing')}</h2>
      <p>
        {t('dashboard.editor.stateIs')} <strong className={`state state-${state}`}>{t(STATE_LABELS[state])}</strong>
        {scheduled && (
          <>
            {' '}
            {scheduled.eastern}
            {scheduled.local && ` (${t('dashboard.sermons.yourTime', { time: scheduled.local })})`}
          </>
        )}
      </p>
      {dirty && <p className="hint">{t('dashboard.editor.saveFirst')}</p>}
      {blocked && state !== 'published' && <p className="hint">{blocked}</p>}
      <div className="actions">
        {state !== 'published' && (
          <button
            type="button"
            className="button"
            disabled={disabled || !!blocked}
            onClick={() => void setState({ state: 'published' }, t('dashboard.editor.published'))}
          >
            {t('dashboard.editor.publishNow')}
          </button>
        )}
        {(state === 'published' || state === 'scheduled') && (
          <button
            type="button"
            disabled={disabled}
            onClick={() => void setState({ state: 'unpublished' }, t('dashboard.editor.unpublishedToast'))}
          >
            {t('dashboard.editor.unpublish')}
          </button>
        )}
        {state !== 'draft' && (
          <button
            type="button"
            disabled={disabled}
            onClick={() => void setState({ state: 'draft' }, t('dashboard.editor.draftToast'))}
          >
            {t('dashboard.editor.toDraft')}
          </button>
        )}
      </div>
      {state !== 'published' && (
        <div className="schedule">
          <label>
            <span>{t('dashboard.editor.scheduleAt')}</span>
            <input type="datetime-local" step={300} value={when} onChange={(e) => setWhen(e.target.value)} />
          </label>
          {preview?.local && <p className="hint">{t('dashboard.sermons.yourTime', { time: preview.local })}</p>}
          <button
            type="button"
            disabled={disabled || !!blocked || !when}
            onClick={() =>
              void setState(
                { state: 'scheduled', publishTimestamp: easternToIso(when) },
                t('dashboard.editor.scheduledToast'),
              )
            }
          >
            {t('dashboard.editor.schedule')}
          </button>
        </div>
      )}
      <div className="actions secondary">
        <button
          type="button"
          disabled={disabled}
          onClick={() =>
            void run(async () => {
              const copy = await api.duplicateSermon({ params: { sermonID: sermon.sermonID } });
              toast('success', t('dashboard.editor.duplicated'));
              navigate(to(`/sermons/${copy.sermonID}`));
            })
          }
        >
          {t('dashboard.editor.duplicate')}
        </button>
        <button
          type="button"
          className="danger"
          disabled={busy}
          onClick={() => {
            if (!window.confirm(t('dashboard.editor.deleteConfirm'))) return;
            void run(async () => {
              await api.deleteSermon({ params: { sermonID: sermon.sermonID } });
              toast('success', t('dashboard.editor.deleted'));
              navigate(to('/sermons'), { replace: true });
            });
          }}
        >
          {t('dashboard.editor.delete')}
        </button>
      </div>
    </section>
  );
}
