import type { FullConfig } from '@playwright/test';
import { demoMediaReady } from '../packages/server/src/seed/demo-media-ready.ts';

/** Generous: on a busy 2-core machine the 30 encodes take minutes (a few seconds each when idle). */
const TIMEOUT_MS = 900_000;

/** Global setup: journeys that play media wait until the server has encoded its demo media. */
export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) throw new Error('no baseURL');
  await demoMediaReady(baseURL, TIMEOUT_MS, process.env.E2E_DATA_DIR ?? 'test-results/e2e-data');
}
