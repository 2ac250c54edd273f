import { emailSchema } from '@kerygma/domain/account-rules';
import type { MessageKey } from '@kerygma/i18n/t';
import { z } from 'zod';

/**
 * The account forms' field rules (§5), each failure carrying its message key and parameters,
 * so a form shows it in the viewer's language (`problemText` in forms/Field.tsx) rather than zod's English.
 */
type Problem = { key: MessageKey; params?: Record<string, string | number> };

const problem = (key: MessageKey, params?: Problem['params']): string => JSON.stringify({ key, params });

/** Text of at most `max` characters, trimmed; empty allowed. */
export const optionalText = (max: number) =>
  z.string().trim().max(max, problem('dashboardAccount.validation.tooLong', { max }));

/** Text that must be given. */
export const requiredText = (max: number) => optionalText(max).min(1, problem('dashboardAccount.validation.required'));

/** §5: a URL is valid if it parses; the forms ask for a web address (http or https). */
export const isWebAddress = (value: string): boolean => {
  if (!URL.canParse(value)) return false;
  return /^https?:$/.test(new URL(value).protocol);
};

export const optionalURL = (max = 500) =>
  optionalText(max).refine((v) => v === '' || isWebAddress(v), problem('dashboardAccount.validation.url'));

/** §5: non-space text, one @, a dot in the domain. */
export const requiredEmail = () =>
  requiredText(254).refine((v) => emailSchema.safeParse(v).success, problem('dashboardAccount.validation.email'));

/** A number typed as text (an empty field is none), within its limits. */
const numberText = (min: number, max: number, key: MessageKey, integer = false) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || Number.isFinite(Number(v)), problem('dashboardAccount.validation.number'))
    .refine((v) => v === '' || !integer || Number.isInteger(Number(v)), problem('dashboardAccount.validation.number'))
    .refine((v) => v === '' || (Number(v) >= min && Number(v) <= max), problem(key));

export const latitudeText = () => numberText(-90, 90, 'dashboardAccount.validation.latitude');
export const longitudeText = () => numberText(-180, 180, 'dashboardAccount.validation.longitude');
export const countText = () => numberText(0, 1_000_000, 'dashboardAccount.validation.number', true);

/** The number in a checked numeric field, or null when it is empty. */
export const numberOrNull = (value: string): number | null => (value.trim() === '' ? null : Number(value));

export { problem };
