import path from 'node:path';
import { z } from 'zod';

/** Boolean environment values: 'true'/'1'/'yes' and 'false'/'0'/'no'. */
const envBoolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const schema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  HOST: z.string().min(1).default('0.0.0.0'),
  KERYGMA_DATA_DIR: z.string().min(1).default('./data'),
  /** PostgreSQL connection string; without it the embedded PGlite database in the data dir is used. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Seed the demo catalogue on first start when the database is empty. */
  KERYGMA_DEMO_DATA: envBoolean.default(true),
  /** Public origin used in absolute links (feeds, `next` URLs, sitemaps). */
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  demoData: boolean;
  publicUrl: string | undefined;
  logLevel: string;
  mediaDir: string;
};

/**
 * Parses configuration once at start-up. A wrong value throws an Error whose message is one
 * line naming the variable, so the process can stop with it.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const picked = Object.fromEntries(
    Object.keys(schema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const parsed = schema.safeParse(picked);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'configuration');
    throw new Error(`Invalid ${name}: ${issue?.message ?? 'bad value'} (got ${JSON.stringify(env[name])})`);
  }
  const c = parsed.data;
  const dataDir = path.resolve(c.KERYGMA_DATA_DIR);
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir,
    databaseUrl: c.DATABASE_URL,
    databasePoolSize: c.DATABASE_POOL_SIZE,
    demoData: c.KERYGMA_DEMO_DATA,
    publicUrl: c.PUBLIC_URL?.replace(/\/$/, ''),
    logLevel: c.LOG_LEVEL,
    mediaDir: path.join(dataDir, 'media'),
  };
}
