import { useQuery, useQueryClient } from '@tanstack/react-query';
import { fromNow } from '../../dates.ts';
import { useI18n } from '../../i18n.tsx';
import { call } from '../../session.ts';
import { type A, routes } from '../account-api.ts';
import { accountKey, ScreenFrame, useBroadcasterParams, useChange } from '../screen.tsx';
import { ApiKeyPanel } from './ApiKeyPanel.tsx';

/** The broadcaster's API key: made again on request, shown that once. */
export default function ApiKeyScreen() {
  const { t } = useI18n();
  const params = useBroadcasterParams();
  const key = accountKey(params.broadcasterID, 'api-key');
  const queryClient = useQueryClient();
  const change = useChange();
  const info = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call<A['apiKeyInfo']>(routes.keyInfo, { params, signal, noCache: true }),
  });
  return (
    <ScreenFrame title={t('dashboardAccount.apiKey.title')} pending={info.isPending} error={info.error}>
      {() =>
        info.data && (
          <>
            {info.data.exists && info.data.lastFour && info.data.created !== null && (
              <p>
                {t('dashboardAccount.apiKey.current', {
                  lastFour: info.data.lastFour,
                  when: fromNow(new Date(info.data.created * 1000).toISOString()),
                })}
              </p>
            )}
            <ApiKeyPanel
              hasKey={info.data.exists}
              onRegenerate={async () => {
                const made = await change(() => call<A['regenerateApiKey']>(routes.regenerateApiKey, { params }));
                if (!made) return null;
                queryClient.setQueryData(key, made.keyInfo);
                return made.apiKey;
              }}
            />
          </>
        )
      }
    </ScreenFrame>
  );
}
