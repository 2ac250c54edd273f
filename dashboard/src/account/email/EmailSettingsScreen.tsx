import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useI18n } from '../../i18n.tsx';
import { call } from '../../session.ts';
import { type A, routes } from '../account-api.ts';
import { accountKey, ScreenFrame, useBroadcasterParams, useChange } from '../screen.tsx';
import { EmailSettingsForm } from './EmailSettingsForm.tsx';

/** §2 account/email-settings: which e-mails the account receives. */
export default function EmailSettingsScreen() {
  const { t } = useI18n();
  const params = useBroadcasterParams();
  const key = accountKey(params.broadcasterID, 'email');
  const queryClient = useQueryClient();
  const change = useChange();
  const settings = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call<A['emailSettings']>(routes.emailSettings, { params, signal, noCache: true }),
  });
  return (
    <ScreenFrame title={t('dashboardAccount.email.title')} pending={settings.isPending} error={settings.error}>
      {() =>
        settings.data && (
          <EmailSettingsForm
            initial={settings.data}
            onSave={async (body) => {
              const saved = await change(() =>
                call<A['updateEmailSettings']>(routes.updateEmailSettings, { params, body }),
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
