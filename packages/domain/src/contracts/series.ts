import { z } from 'zod';
import { seriesSchema } from '../catalogue.ts';
import { contract } from './contract.ts';

const tag = 'Series';

export const seriesContracts = {
  seriesDetail: contract({
    method: 'GET',
    path: '/node/series/:seriesID',
    tag,
    summary: 'Get a series',
    description: 'One sermon series by its id (or its title).',
    params: z.object({ seriesID: z.string().min(1).max(300) }),
    responses: { 200: seriesSchema },
    errors: [404],
  }),
};
