import { z } from 'zod';
import { contract } from './contract.ts';

/** The server's settings the browser needs (spec §7 GET global_config). */
export const globalConfigSchema = z.object({
  /** The map a broadcaster sets its pin on: tiles (`{z}/{x}/{y}`), their attribution, the reverse geocoder. */
  maps: z.object({ tileURL: z.string(), tileAttribution: z.string(), reverseGeocodeURL: z.string() }),
});
export type GlobalConfig = z.infer<typeof globalConfigSchema>;

export const globalConfigContracts = {
  globalConfig: contract({
    method: 'GET',
    path: '/global_config',
    tag: 'This API',
    summary: "The site's settings for the browser",
    description: 'The map services the dashboard draws a broadcaster’s location with (the server’s MAP_* settings).',
    responses: { 200: globalConfigSchema },
  }),
};
