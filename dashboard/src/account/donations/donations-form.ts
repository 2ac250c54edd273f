import { z } from 'zod';
import { isWebAddress, problem, requiredText } from '../form/rules.ts';

/** §5: a giving page's address must start with this (a gift is never sent over plain HTTP). */
export const DONATION_URL_PREFIX = 'https://';

const option = z.object({
  label: requiredText(60),
  url: requiredText(500).refine(
    (v) => v.startsWith(DONATION_URL_PREFIX) && isWebAddress(v),
    problem('dashboardAccount.validation.donationPrefix', { prefix: DONATION_URL_PREFIX }),
  ),
});

/** §5: with the Give button shown there is at least one way to give. */
export const donationsFormSchema = z
  .object({ donatable: z.boolean(), options: z.array(option).max(10) })
  .refine((v) => !v.donatable || v.options.length > 0, {
    message: problem('dashboardAccount.validation.donationOption'),
    path: ['options'],
  });

export type DonationsValues = z.infer<typeof donationsFormSchema>;
