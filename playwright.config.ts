import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4391);
/** The journeys' mail server (e2e/mail-server.ts): SMTP on the next port, its messages over HTTP on the one after (e2e/mailbox.ts). */
const SMTP_PORT = PORT + 1;
const MAILBOX_PORT = PORT + 2;
/**
 * The dashboard map's tiles and reverse geocoder: an address nothing listens on, which the
 * journeys answer themselves (page.route in e2e/dashboard-account.spec.ts), so no run asks
 * OpenStreetMap. https, as the pages' Content-Security-Policy allows.
 */
export const MAP_SERVICE = `https://127.0.0.1:${PORT + 3}`;
/** The webcasts' RTMP ingest of the server under test (e2e/webcasts.spec.ts publishes to it). */
export const RTMP_PORT = PORT + 4;

/**
 * End-to-end journeys in Debian's Chromium (/usr/bin/chromium; never a downloaded browser)
 * against the real one-process server with its own data directory and the demo catalogue.
 */
export default defineConfig({
  testDir: 'e2e',
  // Runs once the web server is up: waits for the demo media the server encodes in the background.
  globalSetup: './e2e/demo-media-ready.ts',
  // Its own folder: Playwright empties outputDir at start, and test-results/ also holds Vitest's report.
  outputDir: 'test-results/playwright',
  timeout: 30_000,
  retries: 0,
  workers: 1,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: 'node e2e/mail-server.ts',
      url: `http://127.0.0.1:${MAILBOX_PORT}/messages`,
      reuseExistingServer: false,
      env: { E2E_SMTP_PORT: String(SMTP_PORT), E2E_MAILBOX_PORT: String(MAILBOX_PORT) },
    },
    {
      command: 'node packages/server/src/main.ts',
      url: `http://127.0.0.1:${PORT}/healthz`,
      timeout: 240_000,
      reuseExistingServer: false,
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        KERYGMA_DATA_DIR: process.env.E2E_DATA_DIR ?? 'test-results/e2e-data',
        LOG_LEVEL: 'warn',
        // The RTMP ingest on its own port; a publisher gone for 3 s ends its webcast (a replay),
        // with 1 s segments so a player starts within seconds.
        RTMP_PORT: String(RTMP_PORT),
        WEBCAST_OFFLINE_MINUTES: '0.05',
        WEBCAST_SEGMENT_SECONDS: '1',
        // Every journey's browser calls come from one address: the per-address API limit is tested on its own.
        API_RATE_LIMIT: '0',
        // Likewise their sign-ins (more than 30 in 15 minutes); the limit is tested on its own.
        SIGN_IN_LIMIT_PER_ADDRESS: '10000',
        // Mail goes to a real SMTP server the journeys read (e2e/mailbox.ts).
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        MAP_TILE_URL: `${MAP_SERVICE}/tiles/{z}/{x}/{y}.png`,
        MAP_TILE_ATTRIBUTION: 'Test tiles',
        MAP_REVERSE_GEOCODE_URL: `${MAP_SERVICE}/reverse`,
        // The feed import journey serves the old host's feed and media on loopback (off by default).
        FEED_IMPORT_ALLOW_LOOPBACK: 'true',
      },
    },
  ],
});
