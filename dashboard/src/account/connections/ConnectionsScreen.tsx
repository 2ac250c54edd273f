import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useI18n } from '../../i18n.tsx';
import { call } from '../../session.ts';
import { type A, routes } from '../account-api.ts';
import { accountKey, ScreenFrame, useBroadcasterParams, useChange } from '../screen.tsx';
import { ConnectionList, type ConnectionService } from './ConnectionList.tsx';

const AUTH = { twitter: routes.twitterAuth, google: routes.googleAuth, facebook: routes.facebookAuth } as const;

/** §2 account/connections: FTP, Dropbox and the social accounts, each saying whether this site can connect it. */
export default function ConnectionsScreen() {
  const { t } = useI18n();
  const params = useBroadcasterParams();
  const key = accountKey(params.broadcasterID, 'connections');
  const queryClient = useQueryClient();
  const change = useChange();
  const connections = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call<A['broadcasterConnections']>(routes.connections, { params, signal, noCache: true }),
  });

  async function connect(service: ConnectionService) {
    if (service === 'ftp' || service === 'dropbox') {
      const route = service === 'ftp' ? routes.connectFtp : routes.connectDropbox;
      await change(() => call<A['connectFtp']>(route, { params, body: {} }));
      return queryClient.invalidateQueries({ queryKey: key });
    }
    // A social account is signed in to at its service, which sends the Admin back here.
    const answer = await change(
      () => call<A['twitterAuth']>(AUTH[service], { params, query: { newBehavior: 'true' } }),
      t('dashboardAccount.common.loading'),
    );
    if (answer) window.location.assign(answer.url);
    return undefined;
  }

  async function disconnect(service: ConnectionService) {
    if (service !== 'ftp' && service !== 'dropbox') return;
    const route = service === 'ftp' ? routes.disconnectFtp : routes.disconnectDropbox;
    await change(() => call<A['disconnectFtp']>(route, { params }));
    await queryClient.invalidateQueries({ queryKey: key });
  }

  return (
    <ScreenFrame
      title={t('dashboardAccount.connections.title')}
      intro={t('dashboardAccount.connections.intro')}
      pending={connections.isPending}
      error={connections.error}
    >
      {() =>
        connections.data && (
          <ConnectionList connections={connections.data.results} onConnect={connect} onDisconnect={disconnect} />
        )
      }
    </ScreenFrame>
  );
}
