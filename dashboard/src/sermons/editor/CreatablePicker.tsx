import { useEffect, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useI18n } from '../../i18n.tsx';
import { errorText } from '../../shell/query.ts';
import { useToast } from '../../shell/toasts.tsx';

export type PickerOption = { value: string; label: string };

/**
 * A select of the broadcaster's speakers or series with 'create new…': the new one is made
 * on the server (`create`), shown at once among the options and then chosen (a select takes a
 * value only once its option is rendered).
 */
export function CreatablePicker({
  registration,
  options,
  onCreated,
  create,
  newLabel,
  nameLabel,
  noneLabel,
  ...aria
}: {
  /** The form's select (`register(name)`). */
  registration: UseFormRegisterReturn;
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  options: PickerOption[];
  onCreated: (value: string) => void;
  create: (name: string) => Promise<string>;
  newLabel: string;
  nameLabel: string;
  /** An empty choice ('no series'); none when a choice is required. */
  noneLabel?: string;
}) {
  const { t } = useI18n();
  const toast = useToast();
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<PickerOption[]>([]);
  const [chosen, setChosen] = useState<string | null>(null);
  const shown = [...options, ...created.filter((c) => !options.some((o) => o.value === c.value))];
  useEffect(() => {
    if (chosen === null) return;
    setChosen(null);
    onCreated(chosen);
  }, [chosen, onCreated]);
  const submit = async () => {
    const label = name.trim();
    if (!label) return;
    setBusy(true);
    try {
      const value = await create(label);
      setCreated((list) => [...list, { value, label }]);
      setChosen(value);
      setAdding(false);
      setName('');
    } catch (error) {
      toast('error', errorText(error, t('dashboard.editor.saveFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="picker">
      <select {...registration} {...aria}>
        {noneLabel !== undefined && <option value="">{noneLabel}</option>}
        {shown.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {adding ? (
        <span className="picker-new">
          <input
            aria-label={nameLabel}
            value={name}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void submit();
              }
            }}
          />
          <button type="button" disabled={busy || !name.trim()} onClick={() => void submit()}>
            {t('dashboard.editor.add')}
          </button>
          <button type="button" className="link-button" onClick={() => setAdding(false)}>
            {t('dashboard.editor.cancel')}
          </button>
        </span>
      ) : (
        <button type="button" className="link-button" onClick={() => setAdding(true)}>
          {newLabel}
        </button>
      )}
    </div>
  );
}
