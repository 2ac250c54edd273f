import { z } from 'zod';
import {
  countText,
  latitudeText,
  longitudeText,
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
  churchSize: countText(),
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
  latitude: latitudeText(),
  longitude: longitudeText(),
  serviceTimes: optionalText(2000),
  categories: z.array(z.string()).min(1, problem('dashboardAccount.validation.category')),
  facebookUsername: optionalText(100),
  twitterUsername: optionalText(100),
  soloSiteEnabled: z.boolean(),
});

export type SettingsValues = z.infer<typeof settingsFormSchema>;

/** The ticked category boxes of the stored bits, and back. */
export const categoryBoxes = (bits: number): string[] =>
  CATEGORIES.filter((c) => (bits & c.bit) !== 0).map((c) => String(c.bit));


export const categoryBits = (boxes: readonly string[]): number => boxes.reduce((sum, bit) => sum | Number(bit), 0);
