import { BROADCASTER_CATEGORY, BROADCASTER_ACCOUNT_RULES as R } from '@kerygma/domain/broadcaster-account-values';
import type { BroadcasterSettings, updateBroadcasterBody } from '@kerygma/domain/contracts/broadcaster-account';
import { z } from 'zod';
import {
  countText,
  latitudeText,
  longitudeText,
  numberOrNull,
  optionalText,
  optionalURL,
  problem,
  requiredEmail,
  requiredText,
} from '../form/rules.ts';

/** §3 broadcaster categories, bit flags. */
export const CATEGORIES = [
  { bit: BROADCASTER_CATEGORY.church, label: 'dashboardAccount.settings.categoryChurch' },
  { bit: BROADCASTER_CATEGORY.school, label: 'dashboardAccount.settings.categorySchool' },
  { bit: BROADCASTER_CATEGORY.seminary, label: 'dashboardAccount.settings.categorySeminary' },
  { bit: BROADCASTER_CATEGORY.radioBroadcast, label: 'dashboardAccount.settings.categoryRadio' },
] as const;

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const pattern = (re: RegExp, key: Parameters<typeof problem>[0], max: number) =>
  optionalText(max).refine((v) => v === '' || re.test(v), problem(key));

/**
 * The settings form: every §3 profile field the Admins edit and the contact e-mail, as text
 * fields (numbers and empty values are made at `toUpdateBody`), by the same rules as the
 * contract's `updateBroadcasterBody`.
 */
export const settingsFormSchema = z.object({
  displayName: requiredText(R.displayNameMaxLength),
  shortName: requiredText(R.shortNameMaxLength),
  minister: optionalText(R.textMaxLength),
  denomination: optionalText(R.textMaxLength),
  churchSize: countText(),
  bibleVersion: optionalText(40),
  languageCode: requiredText(3).refine(
    (v) => /^[a-z]{2,3}$/.test(v),
    problem('dashboardAccount.validation.languageCode'),
  ),
  aboutUs: optionalText(R.aboutUsMaxLength),
  welcomeVideoID: optionalText(100),
  vacantPulpit: z.boolean(),
  contactEmail: requiredEmail(),
  phone: optionalText(40),
  listenLineNumber: optionalText(40),
  homePageURL: optionalURL(),
  address: optionalText(R.textMaxLength),
  addressMail: optionalText(R.textMaxLength),
  location: optionalText(R.textMaxLength),
  state: optionalText(10),
  country: optionalText(R.textMaxLength),
  countryISOCode: pattern(/^[A-Za-z]{2}$/, 'dashboardAccount.validation.countryCode', 2),
  latitude: latitudeText(),
  longitude: longitudeText(),
  serviceTimes: optionalText(2000).refine(
    (v) => lines(v).length <= R.serviceTimesMaxEntries && lines(v).every((l) => l.length <= R.textMaxLength),
    problem('dashboardAccount.validation.serviceTimes', { max: R.serviceTimesMaxEntries }),
  ),
  categories: z.array(z.string()).min(1, problem('dashboardAccount.validation.category')),
  facebookUsername: optionalText(100),
  twitterUsername: optionalText(100),
  socialTwitter: optionalURL(),
  socialGoogle: optionalURL(),
  socialFacebook: optionalURL(),
  soloSiteEnabled: z.boolean(),
  soloSiteDomain: pattern(DOMAIN, 'dashboardAccount.validation.domain', 253),
  autoTranscripts: z.boolean(),
});

export type SettingsValues = z.infer<typeof settingsFormSchema>;
type UpdateBody = z.input<typeof updateBroadcasterBody>;

const lines = (text: string): string[] =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** The ticked category boxes of the stored bits. */
export const categoryBoxes = (bits: number): string[] =>
  CATEGORIES.filter((c) => (bits & c.bit) !== 0).map((c) => String(c.bit));

/** The form's fields from the stored settings. */
export function settingsValues(s: BroadcasterSettings): SettingsValues {
  return {
    displayName: s.displayName,
    shortName: s.shortName,
    minister: s.minister,
    denomination: s.denomination,
    churchSize: s.churchSize === null ? '' : String(s.churchSize),
    bibleVersion: s.bibleVersion ?? '',
    languageCode: s.languageCode,
    aboutUs: s.aboutUs,
    welcomeVideoID: s.welcomeVideoID ?? '',
    vacantPulpit: s.vacantPulpit,
    contactEmail: s.contactEmail ?? '',
    phone: s.phone,
    listenLineNumber: s.listenLineNumber ?? '',
    homePageURL: s.homePageURL ?? '',
    address: s.address,
    addressMail: s.addressMail,
    location: s.location,
    state: s.state ?? '',
    country: s.country,
    countryISOCode: s.countryISOCode,
    latitude: s.latitude === null ? '' : String(s.latitude),
    longitude: s.longitude === null ? '' : String(s.longitude),
    serviceTimes: s.serviceTimesList.length ? s.serviceTimesList.join('\n') : s.serviceTimes,
    categories: categoryBoxes(s.categories),
    facebookUsername: s.facebookUsername ?? '',
    twitterUsername: s.twitterUsername ?? '',
    socialTwitter: s.socialLinks.twitter ?? '',
    socialGoogle: s.socialLinks.google ?? '',
    socialFacebook: s.socialLinks.facebook ?? '',
    soloSiteEnabled: !s.soloSiteDisabled,
    soloSiteDomain: s.soloSite?.domain ?? '',
    autoTranscripts: s.autoTranscripts,
  };
}

const orNull = (v: string): string | null => (v.trim() === '' ? null : v.trim());
const orAbsent = (v: string): string | undefined => (v.trim() === '' ? undefined : v.trim());

/** The PATCH body of checked form values: empty optional fields are none, numbers numbers. */
export function toUpdateBody(v: SettingsValues): UpdateBody {
  const times = lines(v.serviceTimes);
  return {
    displayName: v.displayName,
    shortName: v.shortName,
    minister: v.minister,
    denomination: v.denomination,
    churchSize: numberOrNull(v.churchSize),
    bibleVersion: orNull(v.bibleVersion),
    languageCode: v.languageCode,
    aboutUs: v.aboutUs,
    welcomeVideoID: orNull(v.welcomeVideoID),
    vacantPulpit: v.vacantPulpit,
    contactEmail: orNull(v.contactEmail),
    phone: v.phone,
    listenLineNumber: orNull(v.listenLineNumber),
    homePageURL: orNull(v.homePageURL),
    address: v.address,
    addressMail: v.addressMail,
    location: v.location,
    state: orNull(v.state),
    country: v.country,
    countryISOCode: v.countryISOCode,
    latitude: numberOrNull(v.latitude),
    longitude: numberOrNull(v.longitude),
    serviceTimes: times.join('\n'),
    serviceTimesList: times,
    categories: v.categories.reduce((sum, bit) => sum | Number(bit), 0),
    facebookUsername: orNull(v.facebookUsername),
    twitterUsername: orNull(v.twitterUsername),
    socialLinks: {
      twitter: orAbsent(v.socialTwitter),
      google: orAbsent(v.socialGoogle),
      facebook: orAbsent(v.socialFacebook),
    },
    soloSiteDisabled: !v.soloSiteEnabled,
    soloSiteDomain: orNull(v.soloSiteDomain),
    autoTranscripts: v.autoTranscripts,
  };
}
