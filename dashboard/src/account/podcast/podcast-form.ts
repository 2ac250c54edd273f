import type { PodcastSettings } from '@kerygma/domain/contracts/broadcaster-account';
import { PODCAST_TXT_MAX, PODROLL_MAX } from '@kerygma/domain/feeds';
import { z } from 'zod';
import { isWebAddress, problem, requiredText } from '../form/rules.ts';

const podrollEntry = z.object({
  url: requiredText(2000).refine(isWebAddress, problem('dashboardAccount.validation.url')),
  title: requiredText(200),
});
const txtEntry = z.object({
  // As podcast:txt's purpose attribute allows (domain/feeds.ts podcastTxtSchema).
  purpose: z
    .string()
    .trim()
    .max(128, problem('dashboardAccount.validation.tooLong', { max: 128 }))
    .regex(/^[A-Za-z0-9._-]*$/, problem('podcast.settings.txtPurposeInvalid')),
  value: requiredText(4000),
});

/** The form says 'let other hosts import my feeds', the opposite of the feed's podcast:locked. */
export const podcastFormSchema = z.object({
  podroll: z.array(podrollEntry).max(PODROLL_MAX),
  txt: z.array(txtEntry).max(PODCAST_TXT_MAX),
  importable: z.boolean(),
});
export type PodcastValues = z.infer<typeof podcastFormSchema>;

export const formValues = ({ podroll, txt, locked }: PodcastSettings): PodcastValues => ({
  podroll,
  txt,
  importable: !locked,
});
export const settingsOf = ({ podroll, txt, importable }: PodcastValues): PodcastSettings => ({
  podroll,
  txt,
  locked: !importable,
});
