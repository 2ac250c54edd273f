import type { connectionSchema } from '@kerygma/domain/contracts/broadcaster-account';
import type { z } from 'zod';
import { useI18n } from '../../i18n.tsx';

export type Connection = z.infer<typeof connectionSchema>;
export type ConnectionService = Connection['service'];

type Props = {
  connections: readonly Connection[];
  onConnect: (service: ConnectionService) => Promise<unknown>;
  onDisconnect: (service: ConnectionService) => Promise<unknown>;
};

/** Storage to bring sermons in from and social accounts to share to, each saying whether it can be used here. */
export function ConnectionList({ connections, onConnect, onDisconnect }: Props) {
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
                <button type="button" className="button" onClick={() => void onConnect(c.service)}>
                  {t('dashboardAccount.connections.connect')}
                </button>
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
