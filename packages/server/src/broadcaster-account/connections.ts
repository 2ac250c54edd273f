/**
 * The outside services a broadcaster's account connects to (§1: FTP and Dropbox upload
 * integrations, social-media cross-publishing). Each is a provider behind this interface; the
 * site has credentials for none of them yet, so each says it is not configured and the calls
 * that would use it answer 503.
 */
export const CONNECTION_SERVICES = ['ftp', 'dropbox', 'twitter', 'google', 'facebook'] as const;
export type ConnectionService = (typeof CONNECTION_SERVICES)[number];

export type ConnectionProvider = {
  /** Whether the site holds the credentials this service needs. */
  readonly configured: boolean;
  /** Whether the broadcaster is connected to it. */
  connected(broadcasterId: string): Promise<boolean>;
  /** Connects the broadcaster (FTP, Dropbox) with the settings given. */
  connect(broadcasterId: string, settings: Record<string, string>): Promise<void>;
  disconnect(broadcasterId: string): Promise<void>;
  /** Where an Admin authorises the account (social services). */
  authorizationURL(broadcasterId: string): Promise<string>;
};

export type ConnectionProviders = Record<ConnectionService, ConnectionProvider>;

const notConfigured: ConnectionProvider = {
  configured: false,
  connected: async () => false,
  connect: async () => {
    throw new Error('not configured');
  },
  disconnect: async () => {},
  authorizationURL: async () => {
    throw new Error('not configured');
  },
};

/** The providers while no service's credentials are configured. */
export const unconfiguredConnections = (): ConnectionProviders => ({
  ftp: notConfigured,
  dropbox: notConfigured,
  twitter: notConfigured,
  google: notConfigured,
  facebook: notConfigured,
});
