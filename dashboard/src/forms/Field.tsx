import type { MessageKey } from '@kerygma/i18n/t';
import { cloneElement, type ReactElement, useId } from 'react';
import type { FieldError } from 'react-hook-form';
import { useI18n } from '../i18n.tsx';

type Control = ReactElement<{ id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }>;

/**
 * A labelled form control with its hint and its error (a message key from the form's schema),
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
  error?: FieldError;
  children: Control;
}) {
  const { t } = useI18n();
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': described || undefined,
      })}
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error.message?.startsWith('dashboard.') ? t(error.message as MessageKey) : t('dashboard.form.invalid')}
        </p>
      )}
    </div>
  );
}
