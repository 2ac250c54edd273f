import { BROADCASTER_ACCOUNT_RULES as R } from '@kerygma/domain/broadcaster-account-values';
import { z } from 'zod';
import { isWebAddress, problem, requiredText } from '../form/rules.ts';

/** §5: a giving page's address must start with this (a gift is never sent over plain HTTP). */
const DONATION_URL_PREFIX = R.donationURLPrefix;

const option = z.object({
  label: requiredText(R.textMaxLength),
  url: requiredText(500).refine(
    (v) => v.startsWith(DONATION_URL_PREFIX) && isWebAddress(v),
    problem('dashboardAccount.validation.donationPrefix', { prefix: DONATION_URL_PREFIX }),
  ),
});

/** §5: with the Give button shown there is at least one way to give. */
export const donationsFormSchema = z
  .object({ donatable: z.boolean(), donationOptions: z.array(option).max(R.donationOptionsMax) })
  .refine((v) => !v.donatable || v.donationOptions.length > 0, {
    message: problem('dashboardAccount.validation.donationOption'),
    path: ['donationOptions'],
  });

export type DonationsValues = z.infer<typeof donationsFormSchema>;
