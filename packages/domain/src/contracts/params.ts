import { z } from 'zod';
import { queryBoolean } from '../query.ts';

/** Path and query parts shared by several areas' contracts. */

export const sermonIdParams = z.object({ sermonID: z.string().min(1).max(40) });
export const broadcasterIdParams = z.object({ broadcasterID: z.string().min(1).max(100) });
/** `lite`: trimmed objects instead of full ones. */
export const liteQuery = z.object({ lite: queryBoolean.optional() });
