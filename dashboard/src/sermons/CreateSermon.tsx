import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useI18n } from '../i18n.tsx';
import { useAreaPath } from '../shell/area.ts';
import { useBroadcaster } from '../shell/broadcaster.tsx';
import { errorText } from '../shell/query.ts';
import { api } from './sermon-api.ts';

/** Spec §9: sermon creation waits 500 ms (a second press or a reload within it makes no second sermon). */
export const CREATE_DELAY_MS = 500;

/**
 * `sermons/create` (spec §2 route entry check): after the wait, a draft sermon is created for the
 * broadcaster in the interface's language, and its editor replaces this address; a failure shows
 * the error.
 */
export function CreateSermon() {
  const { t } = useI18n();
  const to = useAreaPath();
  const navigate = useNavigate();
  const { broadcasterID } = useBroadcaster();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    const timer = setTimeout(() => {
      api
        .createSermon({ body: { broadcasterID } })
        .then((sermon) => {
          if (!cancelled) navigate(to(`/sermons/${sermon.sermonID}`), { replace: true });
        })
        .catch((e: unknown) => {
          if (!cancelled) setError(errorText(e, t('dashboard.editor.createFailed')));
        });
    }, CREATE_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [broadcasterID, navigate, to, t]);

  return error ? <p role="alert">{error}</p> : <p role="status">{t('dashboard.editor.creating')}</p>;
}
