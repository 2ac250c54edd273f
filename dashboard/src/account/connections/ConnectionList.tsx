import { useI18n } from '../../i18n.tsx';

export const CONNECTION_SERVICES = ['ftp', 'dropbox', 'youtube', 'facebook', 'twitter'] as const;
export type ConnectionService = (typeof CONNECTION_SERVICES)[number];

export type Connection = {
  service: ConnectionService;
  /** Whether the site has the service's credentials; without them it cannot be connected. */
  configured: boolean;
  connected: boolean;
  /** Where connecting starts (the service's sign-in), when configured. */
  connectURL?: string | null;
};

type Props = { connections: readonly Connection[]; onDisconnect: (service: ConnectionService) => Promise<unknown> };

/** Storage to bring sermons in from and social accounts to share to, each saying whether it can be used here. */
export function ConnectionList({ connections, onDisconnect }: Props) {
  const { t } = useI18n();
  return (
    <ul className="connections">
      {connections.map((c) => {
        const name = t(`dashboardAccount.connections.${c.service}`);
        return (
          <li key={c.service} className="card">
            <h2>{name}</h2>
            {!c.configured ? (
              <p>{t('dashboardAccount.connections.notConfigured', { service: name })}</p>
            ) : c.connected ? (
              <>
                <p>{t('dashboardAccount.connections.connected')}</p>
                <button type="button" className="button" onClick={() => void onDisconnect(c.service)}>
                  {t('dashboardAccount.connections.disconnect')}
                </button>
              </>
            ) : (
              <>
                <p>{t('dashboardAccount.connections.notConnected')}</p>
                {c.connectURL && (
                  <a className="button" href={c.connectURL}>
                    {t('dashboardAccount.connections.connect')}
                  </a>
                )}
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
