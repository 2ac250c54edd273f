import { z } from 'zod';

/** A web address a person may follow (§5: it parses), http or https only. */
export const webAddress = (max = 500) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => {
      try {
        return ['http:', 'https:'].includes(new URL(v).protocol);
      } catch {
        return false;
      }
    }, 'invalidURL');
