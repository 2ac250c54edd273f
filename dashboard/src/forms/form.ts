import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type DefaultValues, type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import { useBlocker } from 'react-router';
import type { z } from 'zod';
import { useI18n } from '../i18n.tsx';

/**
 * The dashboard's form helper: react-hook-form checked by a zod schema from `packages/domain`,
 * with the §4 dirty tracking (dirty when the fields differ from the snapshot taken after load
 * or save), the §5 leave warning, and, with `draftKey`, the unsaved values kept in localStorage
 * so a closed tab or a dropped connection loses nothing.
 */
export type DashboardFormOptions<T extends FieldValues> = {
  schema: z.ZodType<T, FieldValues>;
  /**
   * The saved values (the snapshot); the form resets to them whenever they change, by identity:
   * keep one object while they are the same (a constant, query data or useMemo), or every render
   * resets the form and renders again, without end.
   */
  values: T;
  /** Where unsaved values are kept in localStorage, e.g. `kerygma-draft-sermon-12`. */
  draftKey?: string;
};

export type DashboardForm<T extends FieldValues> = UseFormReturn<T> & {
  /** Whether values came back from a draft kept in the browser. */
  restoredDraft: boolean;
  /** After a save: the saved values become the snapshot and the draft goes. */
  saved: (values: T) => void;
  /** Drops the unsaved changes: back to the snapshot. */
  discard: () => void;
};

function readDraft<T>(key: string | undefined): T | null {
  if (!key) return null;
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

function writeDraft(key: string, values: unknown | null): void {
  try {
    if (values === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(values));
  } catch {
    // Storage full or refused: the form still works, only the draft is not kept.
  }
}

export function useDashboardForm<T extends FieldValues>({
  schema,
  values,
  draftKey,
}: DashboardFormOptions<T>): DashboardForm<T> {
  const [draft] = useState(() => readDraft<T>(draftKey));
  const form = useForm<T>({
    resolver: zodResolver(schema as never) as never,
    defaultValues: values as DefaultValues<T>,
    mode: 'onTouched',
  });
  const snapshot = useRef(values);
  const pendingDraft = useRef(draft);

  // The saved values changed (loaded, saved elsewhere): they are the new snapshot.
  useEffect(() => {
    snapshot.current = values;
    form.reset(values);
    const kept = pendingDraft.current;
    pendingDraft.current = null;
    if (kept) {
      for (const [name, value] of Object.entries(kept))
        form.setValue(name as never, value as never, { shouldDirty: true });
    }
  }, [values, form]);

  // Keep the unsaved values in the browser while they differ from the snapshot.
  useEffect(() => {
    if (!draftKey) return;
    const subscription = form.watch((current) => {
      writeDraft(draftKey, JSON.stringify(current) === JSON.stringify(snapshot.current) ? null : current);
    });
    return () => subscription.unsubscribe();
  }, [form, draftKey]);

  const saved = useCallback(
    (next: T) => {
      snapshot.current = next;
      form.reset(next);
      if (draftKey) writeDraft(draftKey, null);
    },
    [form, draftKey],
  );
  const discard = useCallback(() => {
    form.reset(snapshot.current);
    if (draftKey) writeDraft(draftKey, null);
  }, [form, draftKey]);

  return Object.assign(form, { restoredDraft: draft !== null, saved, discard });
}

/**
 * Spec §5: leaving a dirty form asks 'Do you really want to leave? You have unsaved changes!'
 * — the browser's own question when the tab is closed or reloaded, ours on a navigation.
 */
export function useLeaveWarning(dirty: boolean): void {
  const { t } = useI18n();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(t('dashboard.form.leaveWarning'))) blocker.proceed();
    else blocker.reset();
  }, [blocker, t]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
