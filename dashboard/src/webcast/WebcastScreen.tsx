import { BROADCASTER_ROLE } from '@kerygma/domain/roles';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { mayHold } from '../account/screens.ts';
import { useI18n } from '../i18n.tsx';
import { useBroadcaster } from '../shell/broadcaster.tsx';
import { errorText } from '../shell/query.ts';
import { useToast } from '../shell/toasts.tsx';
import { DefaultsForm, type DefaultsValues, defaultsBody, defaultsValues } from './DefaultsForm.tsx';
import { Destinations } from './Destinations.tsx';
import { GoLivePanel } from './GoLivePanel.tsx';
import { LiveAndHistory } from './LiveAndHistory.tsx';
import { ScheduledWebcasts } from './ScheduledWebcasts.tsx';
import { webcastApi, webcastKeys } from './webcast-api.ts';

/**
 * The webcast screen (spec §2 webcast dashboard, §3 Webcast and Multicast): where to publish
 * from OBS, the defaults of new webcasts, the webcasts scheduled ahead (when it may webcast), the live webcast's health and the earlier ones' viewers,
 * and, for Admins, the places the webcast is restreamed to.
 */
export default function WebcastScreen() {
  const { t } = useI18n();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { broadcasterID, roles } = useBroadcaster();
  const key = webcastKeys.metadata(broadcasterID);
  const metadata = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => webcastApi.metadata({ params: { broadcasterID }, signal }),
  });
  const initial = useMemo(() => (metadata.data ? defaultsValues(metadata.data) : null), [metadata.data]);

  async function put(body: Parameters<typeof webcastApi.updateMetadata>[0]['body'], done: string): Promise<boolean> {
    try {
      queryClient.setQueryData(key, await webcastApi.updateMetadata({ params: { broadcasterID }, body }));
      toast('success', done);
      return true;
    } catch (error) {
      toast('error', errorText(error, t('dashboard.shell.loadFailed')));
      return false;
    }
  }

  return (
    <section aria-labelledby="webcast-title">
      <h1 id="webcast-title">{t('webcastScreen.title')}</h1>
      {metadata.isError ? (
        <p role="alert">{errorText(metadata.error, t('dashboard.shell.loadFailed'))}</p>
      ) : !metadata.data || !initial ? (
        <p className="loading" role="status">
          {t('dashboard.shell.loading')}
        </p>
      ) : (
        <>
          <GoLivePanel
            metadata={metadata.data}
            onResetKey={() => put({ resetStreamToken: true }, t('webcastScreen.goLive.keyReset'))}
            onResume={() => put({ resumeWebcasting: true }, t('webcastScreen.goLive.resumed'))}
          />
          <DefaultsForm
            initial={initial}
            onSave={(values: DefaultsValues) => put(defaultsBody(values), t('webcastScreen.defaults.saved'))}
          />
          {metadata.data.canWebcast && <ScheduledWebcasts />}
        </>
      )}
      <LiveAndHistory />
      {mayHold(roles, BROADCASTER_ROLE.admin) && <Destinations />}
    </section>
  );
}
