import { useId } from 'react';
import { type FieldValues, get, type Path, type UseFormReturn } from 'react-hook-form';
import { useI18n } from '../../i18n.tsx';
import { problemText } from './rules.ts';

/** How a field is shown, beside its form, name and label. */
export type FieldLook = {
  hint?: string;
  type?: 'text' | 'email' | 'url' | 'tel' | 'number';
  multiline?: boolean;
  autoComplete?: string;
};

type Props<V extends FieldValues> = FieldLook & {
  form: UseFormReturn<V>;
  name: Path<V>;
  label: string;
};

/** A labelled input of an account form with its hint and its error, tied together for screen readers. */
export function Field<V extends FieldValues>({
  form,
  name,
  label,
  hint,
  type = 'text',
  multiline,
  autoComplete,
}: Props<V>) {
  const { t } = useI18n();
  const id = useId();
  const error = problemText(t, (get(form.formState.errors, name) as { message?: string } | undefined)?.message);
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
    ...form.register(name),
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea rows={4} {...common} />
      ) : (
        <input type={type} autoComplete={autoComplete} step={type === 'number' ? 'any' : undefined} {...common} />
      )}
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
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
