import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useI18n } from '../../i18n.tsx';
import { call } from '../../session.ts';
import { type A, routes } from '../account-api.ts';
import { accountKey, ScreenFrame, useBroadcasterParams, useChange, useMapConfig } from '../screen.tsx';
import { SettingsForm } from './SettingsForm.tsx';
import { settingsValues, toUpdateBody } from './settings-form.ts';

/** §2 account/settings: the broadcaster's profile, contact, location and the rest (its Admins'). */
export default function SettingsScreen() {
  const { t } = useI18n();
  const params = useBroadcasterParams();
  const key = accountKey(params.broadcasterID, 'settings');
  const queryClient = useQueryClient();
  const change = useChange();
  const settings = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call<A['broadcasterPrivateData']>(routes.privateData, { params, signal, noCache: true }),
  });
  const maps = useMapConfig();
  const initial = useMemo(() => settings.data && settingsValues(settings.data), [settings.data]);

  return (
    <ScreenFrame
      title={t('dashboardAccount.settings.title')}
      pending={settings.isPending || maps.isPending}
      error={settings.error}
    >
      {() =>
        initial &&
        settings.data && (
          <SettingsForm
            initial={initial}
            maps={maps.data?.maps ?? null}
            soloSite={
              settings.data.soloSite && {
                domain: settings.data.soloSite.domain,
                status: t(`dashboardAccount.settings.soloStatus.${settings.data.soloSite.status}`),
              }
            }
            onSave={async (values) => {
              const saved = await change(() =>
                call<A['updateBroadcaster']>(routes.updateBroadcaster, { params, body: toUpdateBody(values) }),
              );
              if (saved) queryClient.setQueryData(key, saved);
              return saved !== undefined;
            }}
          />
        )
      }
    </ScreenFrame>
  );
}
