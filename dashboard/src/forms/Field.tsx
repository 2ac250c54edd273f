import type { MessageKey, Translate } from '@kerygma/i18n/t';
import { cloneElement, type ReactElement, useId } from 'react';
import { useI18n } from '../i18n.tsx';

type Control = ReactElement<{ id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }>;

/** A form error as react-hook-form gives it (a field's or a rule's over several fields). */
type Problem = { message?: string } | undefined;

/**
 * The text of a form error from a schema: its message is either a message key
 * (`dashboard.…`) or a key with parameters as JSON (the account rules' `problem`).
 * Anything else (zod's English) is shown as the generic "invalid".
 */
export function problemText(t: Translate, message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (message.startsWith('{')) {
    try {
      const { key, params } = JSON.parse(message) as { key: MessageKey; params?: Record<string, string | number> };
      return t(key, params);
    } catch {
      return t('dashboard.form.invalid');
    }
  }
  return message.startsWith('dashboard') ? t(message as MessageKey) : t('dashboard.form.invalid');
}

/**
 * A labelled form control (any: input, textarea, select) with its hint and its error,
 * tied to the control for screen readers.
 */
export function Field({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: string;
  error?: Problem;
  children: Control;
}) {
  const { t } = useI18n();
  const id = useId();
  const text = error ? (problemText(t, error.message) ?? t('dashboard.form.invalid')) : undefined;
  const described = [hint ? `${id}-hint` : '', text ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, {
        id,
        'aria-invalid': text ? true : undefined,
        'aria-describedby': described || undefined,
      })}
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      {text && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {text}
        </p>
      )}
    </div>
  );
}

/** A form's own error (a rule over several fields), shown with the fields it concerns. */
export function FormProblem({ message }: { message: string | undefined }) {
  const { t } = useI18n();
  const text = problemText(t, message);
  if (!text) return null;
  return (
    <p className="field-error" role="alert">
      {text}
    </p>
  );
}
