import { emailSchema } from '@kerygma/domain/account-rules';
import type { MessageKey, Translate } from '@kerygma/i18n/t';
import { z } from 'zod';

/**
 * The account forms' field rules (§5), each failure carrying its message key and parameters,
 * so a form shows it in the viewer's language (`problemText`) rather than zod's English.
 */
type Problem = { key: MessageKey; params?: Record<string, string | number> };

const problem = (key: MessageKey, params?: Problem['params']): string => JSON.stringify({ key, params });

/** The message of a form error made by these rules. */
export function problemText(t: Translate, message: string | undefined): string | undefined {
  if (!message) return undefined;
  try {
    const { key, params } = JSON.parse(message) as Problem;
    return t(key, params);
  } catch {
    return message;
  }
}

/** Text of at most `max` characters, trimmed; empty allowed. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, problem('dashboardAccount.validation.tooLong', { max }));

/** Text that must be given. */
export const requiredText = (max: number) =>
  optionalText(max).min(1, problem('dashboardAccount.validation.required'));

/** §5: a URL is valid if it parses; the forms ask for a web address (http or https). */
export const isWebAddress = (value: string): boolean => {
  if (!URL.canParse(value)) return false;
  return /^https?:$/.test(new URL(value).protocol);
};

export const optionalURL = (max = 500) =>
  optionalText(max).refine((v) => v === '' || isWebAddress(v), problem('dashboardAccount.validation.url'));

/** §5: non-space text, one @, a dot in the domain. */
export const optionalEmail = () =>
  optionalText(254).refine((v) => v === '' || emailSchema.safeParse(v).success, problem('dashboardAccount.validation.email'));
export const requiredEmail = () =>
  requiredText(254).refine((v) => emailSchema.safeParse(v).success, problem('dashboardAccount.validation.email'));

/** A coordinate typed or set by the map pin; empty is none. */
const coordinate = (limit: number, key: MessageKey) =>
  z.union([
    z.literal('').transform(() => null),
    z.null(),
    z.coerce
      .number({ error: problem('dashboardAccount.validation.number') })
      .min(-limit, problem(key))
      .max(limit, problem(key)),
  ]);
export const latitude = () => coordinate(90, 'dashboardAccount.validation.latitude');
export const longitude = () => coordinate(180, 'dashboardAccount.validation.longitude');

export { problem };
