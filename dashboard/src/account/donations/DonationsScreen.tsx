import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useI18n } from '../../i18n.tsx';
import { call } from '../../session.ts';
import { type A, routes } from '../account-api.ts';
import { accountKey, ScreenFrame, useBroadcasterParams, useChange } from '../screen.tsx';
import { DonationsForm } from './DonationsForm.tsx';

/** §2 account/donations: the Give button and where it leads (the Billers'). */
export default function DonationsScreen() {
  const { t } = useI18n();
  const params = useBroadcasterParams();
  const key = accountKey(params.broadcasterID, 'donations');
  const queryClient = useQueryClient();
  const change = useChange();
  const settings = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call<A['donationSettings']>(routes.donationSettings, { params, signal, noCache: true }),
  });
  return (
    <ScreenFrame
      title={t('dashboardAccount.donations.title')}
      intro={t('dashboardAccount.donations.intro')}
      pending={settings.isPending}
      error={settings.error}
    >
      {() =>
        settings.data && (
          <DonationsForm
            initial={settings.data}
            onSave={async (body) => {
              const saved = await change(() =>
                call<A['updateDonationSettings']>(routes.updateDonationSettings, { params, body }),
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
