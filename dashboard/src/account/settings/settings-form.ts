import { z } from 'zod';
import {
  latitude,
  longitude,

  optionalText,
  optionalURL,
  problem,
  requiredEmail,
  requiredText,
} from '../form/rules.ts';

/** §3 broadcaster categories, bit flags. */
export const CATEGORIES = [
  { bit: 1, label: 'dashboardAccount.settings.categoryChurch' },
  { bit: 2, label: 'dashboardAccount.settings.categorySchool' },
  { bit: 4, label: 'dashboardAccount.settings.categorySeminary' },
  { bit: 8, label: 'dashboardAccount.settings.categoryRadio' },
] as const;

/** The settings form: every §3 profile field the broadcaster edits, and the contact e-mail. */
export const settingsFormSchema = z.object({
  displayName: requiredText(100),
  shortName: optionalText(30),
  minister: optionalText(100),
  denomination: optionalText(100),
  churchSize: z.union([
    z.literal('').transform(() => null),
    z.coerce.number().int(problem('dashboardAccount.validation.number')).min(0, problem('dashboardAccount.validation.number')),
  ]),
  bibleVersion: optionalText(20),
  languageCode: optionalText(10),
  aboutUs: optionalText(5000),
  welcomeVideoID: optionalText(40),
  vacantPulpit: z.boolean(),
  contactEmail: requiredEmail(),
  phone: optionalText(40),
  listenLineNumber: optionalText(40),
  homePageURL: optionalURL(),
  address: optionalText(300),
  addressMail: optionalText(300),
  location: optionalText(100),
  country: optionalText(100),
  state: optionalText(100),
  latitude: latitude(),
  longitude: longitude(),
  serviceTimes: optionalText(2000),
  categories: z
    .array(z.string())
    .min(1, problem('dashboardAccount.validation.category'))
    .transform((bits) => bits.reduce((sum, bit) => sum | Number(bit), 0)),
  facebookUsername: optionalText(100),
  twitterUsername: optionalText(100),
  soloSiteEnabled: z.boolean(),
});

export type SettingsFormInput = z.input<typeof settingsFormSchema>;
export type SettingsFormOutput = z.output<typeof settingsFormSchema>;

/** Form input from the stored values: nulls become empty fields, the category bits boxes. */
export const categoryBoxes = (bits: number): string[] =>
  CATEGORIES.filter((c) => (bits & c.bit) !== 0).map((c) => String(c.bit));

