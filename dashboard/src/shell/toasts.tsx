import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { useI18n } from '../i18n.tsx';
import { postToParent } from './frame.ts';

/** Spec §9: toasts top-right, 5000 ms (success and info 3000), closed by a swipe or a press. */
export type ToastKind = 'success' | 'info' | 'error';
const LIFETIME_MS: Record<ToastKind, number> = { success: 3000, info: 3000, error: 5000 };

type Toast = { id: number; kind: ToastKind; text: string };
type Show = (kind: ToastKind, text: string) => void;

const ToastContext = createContext<Show>(() => undefined);

/** `const toast = useToast(); toast('success', t('dashboard.sermon.saved'))`. */
export const useToast = (): Show => useContext(ToastContext);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(0);
  const close = useCallback((id: number) => setToasts((all) => all.filter((toast) => toast.id !== id)), []);
  const show = useCallback<Show>(
    (kind, text) => {
      // Inside the classic admin's frame the parent page shows it (§2 django embeds).
      if (postToParent({ type: 'toast', kind, text })) return;
      const id = next.current++;
      setToasts((all) => [...all, { id, kind, text }]);
      setTimeout(() => close(id), LIFETIME_MS[kind]);
    },
    [close],
  );
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <Toasts toasts={toasts} close={close} />
    </ToastContext.Provider>
  );
}

function Toasts({ toasts, close }: { toasts: Toast[]; close: (id: number) => void }) {
  const { t } = useI18n();
  const start = useRef(new Map<number, number>());
  return (
    <ol className="toasts" aria-live="polite">
      {toasts.map((toast) => (
        <li
          key={toast.id}
          className={`toast toast-${toast.kind}`}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          onPointerDown={(e) => start.current.set(toast.id, e.clientX)}
          onPointerUp={(e) => {
            const from = start.current.get(toast.id);
            if (from !== undefined && Math.abs(e.clientX - from) > 60) close(toast.id);
          }}
        >
          <span>{toast.text}</span>
          <button
            type="button"
            className="toast-close"
            aria-label={t('dashboard.shell.close')}
            onClick={() => close(toast.id)}
          >
            ×
          </button>
        </li>
      ))}
    </ol>
  );
}
