import { ApiRequestError } from '@kerygma/api/request';
import { createTransport } from '@kerygma/api/transport';
import {
  ACCOUNT_RULES,
  EMAIL_PATTERN,
  PASSWORD_CAPITAL_OR_DIGIT,
  PASSWORD_LOWER,
  USERNAME_PATTERN,
} from '@kerygma/domain/account-values';
import type { MessageParams } from '@kerygma/i18n/interpolate';
import type { MessageKey } from '@kerygma/i18n/t';
import { type InputHTMLAttributes, type ReactNode, type Ref, useEffect, useState } from 'react';
import type { IslandMessages } from '../messages.ts';
import { loadSession } from '../session/index.ts';
import { safeNext } from './destinations.ts';

/**
 * What the account pages' forms share (pages/user/*, pages/signup): fields with their label and
 * announced error, the §5 rules checked as the person types (account-values.ts, no zod in the
 * browser), the API's own error text, and where a sign-in leads.
 */

export type Messages<K extends MessageKey> = IslandMessages<K>;

/** A call that needs no session (sign-up, availability, codes): the page's language for the API's messages. */
export const publicApi = () =>
  createTransport({ origin: location.origin, language: document.documentElement.lang || 'en', sameHost: true });

/** The API's own message (already in the asker's language), else `fallback`. */
export function apiErrorText(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.body && typeof error.body === 'object') {
    const errors = (error.body as { errors?: Record<string, unknown> }).errors;
    const texts = errors ? Object.values(errors).filter((v): v is string => typeof v === 'string') : [];
    if (texts.length) return texts.join(' ');
  }
  return fallback;
}

/** This page's `next`, if it names a page of this site. */
export const pageNext = () => safeNext(new URLSearchParams(location.search).get('next'), location.origin);

/** §2 Guards, guest-only pages: a signed-in person goes to settings (in the browser: the page is cached). */
export function useGuestOnly(settings: string, enabled = true) {
  useEffect(() => {
    if (!enabled) return;
    void loadSession().then((user) => {
      if (user) location.replace(settings);
    });
  }, [settings, enabled]);
}

/** §5 rules as the person types. */
export const rules = {
  username: (v: string) =>
    v.length >= ACCOUNT_RULES.usernameMinLength &&
    v.length <= ACCOUNT_RULES.usernameMaxLength &&
    USERNAME_PATTERN.test(v),
  email: (v: string) => v.length <= ACCOUNT_RULES.emailMaxLength && EMAIL_PATTERN.test(v),
  passwordLength: (v: string) =>
    v.length >= ACCOUNT_RULES.passwordMinLength && v.length <= ACCOUNT_RULES.passwordMaxLength,
  passwordLower: (v: string) => PASSWORD_LOWER.test(v),
  passwordCapital: (v: string) => PASSWORD_CAPITAL_OR_DIGIT.test(v),
  code: (v: string) => v.replace(/\s+/g, '').length === ACCOUNT_RULES.codeLength,
};
export const passwordOk = (v: string) => rules.passwordLength(v) && rules.passwordLower(v) && rules.passwordCapital(v);
export { ACCOUNT_RULES };

export const RULE_MESSAGES = [
  'account.forms.rulePasswordLength',
  'account.forms.rulePasswordLower',
  'account.forms.rulePasswordCapital',
  'account.forms.ruleMatch',
  'account.forms.met',
  'account.forms.notMet',
] as const;

/** A list of rules, each marked met or missing (in words for screen readers), as the person types. */
export function RuleList({
  id,
  items,
  met,
  missing,
}: {
  id: string;
  items: [string, boolean][];
  met: string;
  missing: string;
}) {
  return (
    <ul id={id} className="rules">
      {items.map(([text, ok]) => (
        <li key={text} data-met={ok}>
          <span aria-hidden="true">{ok ? '✓' : '•'}</span> {text}{' '}
          <span className="sr-only">({ok ? met : missing})</span>
        </li>
      ))}
    </ul>
  );
}

/** The strings of a new password and its confirmation (NewPasswordFields). */
export const NEW_PASSWORD_MESSAGES = [
  ...RULE_MESSAGES,
  'account.forms.newPassword',
  'account.forms.confirmPassword',
  'account.forms.fixErrors',
] as const;
type NewPasswordT = (key: (typeof NEW_PASSWORD_MESSAGES)[number], params?: MessageParams) => string;

/** A new password's errors: §5 rules unmet, or the confirmation differing. */
export function newPasswordErrors(t: NewPasswordT, password: string, confirm: string) {
  return {
    password: passwordOk(password) ? null : t('account.forms.fixErrors'),
    confirm: confirm && confirm === password ? null : t('account.forms.ruleMatch'),
  };
}

/** A new password with its §5 rules marked as the person types, and its confirmation. */
export function NewPasswordFields({
  id,
  t,
  password,
  confirm,
  onPassword,
  onConfirm,
  errors,
}: {
  /** The fields' ids start with this. */
  id: string;
  t: NewPasswordT;
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  /** Shown once the form was sent. */
  errors: { password: string | null; confirm: string | null } | null;
}) {
  return (
    <>
      <Field
        id={`${id}-password`}
        name="password"
        type="password"
        label={t('account.forms.newPassword')}
        autoComplete="new-password"
        value={password}
        onChange={(e) => onPassword(e.currentTarget.value)}
        error={errors?.password}
        hint={
          <RuleList
            id={`${id}-password-rules`}
            items={[
              [
                t('account.forms.rulePasswordLength', { min: ACCOUNT_RULES.passwordMinLength }),
                rules.passwordLength(password),
              ],
              [t('account.forms.rulePasswordLower'), rules.passwordLower(password)],
              [t('account.forms.rulePasswordCapital'), rules.passwordCapital(password)],
            ]}
            met={t('account.forms.met')}
            missing={t('account.forms.notMet')}
          />
        }
      />
      <Field
        id={`${id}-confirm`}
        name="password_confirmation"
        type="password"
        label={t('account.forms.confirmPassword')}
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => onConfirm(e.currentTarget.value)}
        error={errors?.confirm}
      />
    </>
  );
}

type FieldProps = {
  id: string;
  label: string;
  error?: string | null | undefined;
  /** Shown under the field and read with it (rules, availability). */
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
} & InputHTMLAttributes<HTMLInputElement>;

/** A labelled field; its error is tied to it (aria-describedby) and marks it invalid. */
export function Field({ id, label, error, hint, ...input }: FieldProps) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={described || undefined} {...input} />
      {hint ? (
        <div id={`${id}-hint`} className="field-hint">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The form's outcome, announced: an error as an alert, a success as a status. */
export function Outcome({ error, done }: { error?: string | null; done?: string | null }) {
  return (
    <>
      <p role="alert" className="form-error">
        {error ?? ''}
      </p>
      {done ? (
        <p role="status" className="form-done">
          {done}
        </p>
      ) : null}
    </>
  );
}

/** Focus the first invalid field of a form after a refused submit. */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus());
}

/**
 * False until the island has hydrated: the forms' buttons stay disabled till then, so that a
 * form sent before its script ran is not sent by the browser itself (as a GET, with the
 * password in the address).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
