import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useI18n } from '../../i18n.tsx';
import { call } from '../../session.ts';
import { type A, routes } from '../account-api.ts';
import { accountKey, ScreenFrame, useBroadcasterParams, useChange } from '../screen.tsx';
import { FeedAddresses } from './FeedAddresses.tsx';
import { PodcastForm } from './PodcastForm.tsx';
import { formValues, settingsOf } from './podcast-form.ts';

/** account/podcast: the broadcaster's feeds and what they carry besides its sermons (issue 25). */
export default function PodcastScreen() {
  const { t } = useI18n();
  const params = useBroadcasterParams();
  const key = accountKey(params.broadcasterID, 'podcast');
  const queryClient = useQueryClient();
  const change = useChange();
  const settings = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call<A['podcastSettings']>(routes.podcastSettings, { params, signal, noCache: true }),
  });
  return (
    <ScreenFrame
      title={t('podcast.settings.title')}
      intro={t('podcast.settings.intro')}
      pending={settings.isPending}
      error={settings.error}
    >
      {() =>
        settings.data && (
          <>
            <FeedAddresses broadcasterID={params.broadcasterID} origin={location.origin} />
            <PodcastForm
              initial={formValues(settings.data)}
              onSave={async (values) => {
                const saved = await change(() =>
                  call<A['updatePodcastSettings']>(routes.updatePodcastSettings, { params, body: settingsOf(values) }),
                );
                if (saved) queryClient.setQueryData(key, saved);
                return saved !== undefined;
              }}
            />
          </>
        )
      }
    </ScreenFrame>
  );
}
