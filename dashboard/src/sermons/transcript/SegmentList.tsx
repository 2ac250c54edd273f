import { memo, useCallback, useRef, useState } from 'react';
import { useI18n } from '../../i18n.tsx';
import { formatTime, parseTime, type RowProblem, type RowProblems, type SegmentRow } from './segment-rows.ts';

type Edit = (index: number, field: keyof SegmentRow, value: string) => void;

/**
 * A transcript's segments as a list of plain inputs, uncontrolled: a keystroke writes to one
 * array held in a ref and renders nothing, so an 800-segment transcript stays quick to type in.
 * Rows render again only when their problem changes. Remount (a new `key`) to load other rows.
 */
export function SegmentList({
  initial,
  added,
  problems,
  onEdit,
}: {
  initial: readonly SegmentRow[];
  /** Lines added after the loaded ones (addRow). */
  added: readonly SegmentRow[];
  problems: RowProblems;
  onEdit: Edit;
}) {
  return (
    <ol className="segments">
      {[...initial, ...added].map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: segments are only added at the end, never removed or moved
        <Segment key={index} index={index} row={row} problem={problems.get(index)} onEdit={onEdit} />
      ))}
    </ol>
  );
}

const Segment = memo(function Segment({
  index,
  row,
  problem,
  onEdit,
}: {
  index: number;
  row: SegmentRow;
  problem: RowProblem | undefined;
  onEdit: Edit;
}) {
  const { t } = useI18n();
  const n = index + 1;
  const errorId = `segment-${n}-error`;
  const invalid = problem !== undefined;
  const time = (field: 'start' | 'end', label: string) => (
    <input
      className="segment-time"
      inputMode="decimal"
      defaultValue={row[field]}
      aria-label={label}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? errorId : undefined}
      onChange={(e) => onEdit(index, field, e.target.value)}
    />
  );
  return (
    <li className="segment" data-segment={n}>
      {time('start', t('dashboard.transcript.startOf', { n }))}
      {time('end', t('dashboard.transcript.endOf', { n }))}
      <input
        className="segment-text"
        defaultValue={row.text}
        maxLength={5000}
        aria-label={t('dashboard.transcript.textOf', { n })}
        onChange={(e) => onEdit(index, 'text', e.target.value)}
      />
      {problem && (
        <p className="field-error" id={errorId}>
          {t(`dashboard.transcript.errors.${problem}`)}
        </p>
      )}
    </li>
  );
});

/**
 * The rows being edited, for a list keyed by the transcript loaded: `rows.current` is what the
 * inputs hold, `dirty` whether any row differs from the loaded one (a set of changed rows, so a
 * keystroke compares one row, not all); `onEdited` runs after each change.
 */
export function useSegmentRows(initial: readonly SegmentRow[], onEdited: () => void) {
  const rows = useRef<SegmentRow[]>([...initial]);
  const changed = useRef(new Set<number>());
  const [dirty, setDirty] = useState(false);
  const edited = useRef(onEdited);
  edited.current = onEdited;
  const onEdit = useCallback<Edit>(
    (index, field, value) => {
      const row = { ...(rows.current[index] as SegmentRow), [field]: value };
      rows.current[index] = row;
      const before = initial[index];
      if (before && row.start === before.start && row.end === before.end && row.text === before.text)
        changed.current.delete(index);
      else changed.current.add(index);
      setDirty(changed.current.size > 0);
      edited.current();
    },
    [initial],
  );
  // A new line after the last, from its end for five seconds; a change until saved.
  const [added, setAdded] = useState<SegmentRow[]>([]);
  const addRow = useCallback(() => {
    const last = rows.current[rows.current.length - 1];
    const start = (last && parseTime(last.end)) ?? 0;
    const row = { start: formatTime(start), end: formatTime(start + 5), text: '' };
    rows.current.push(row);
    changed.current.add(rows.current.length - 1);
    setAdded((a) => [...a, row]);
    setDirty(true);
    edited.current();
  }, []);
  return { rows, dirty, onEdit, added, addRow };
}
