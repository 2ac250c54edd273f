import { useEffect, useId } from 'react';

/**
 * Leaving a form with unsaved changes asks first (spec §4 form dirty tracking, §5 'Do you really
 * want to leave? You have unsaved changes!'): the browser's own question on a reload, a closed
 * tab or a typed address; `question` on a click of a link, asked before the view transitions'
 * router sees the click (it leaves a click whose default is prevented alone; cancelling its
 * `astro:before-preparation` instead would load the page in full). One question however many
 * forms are dirty.
 */
const dirtyForms = new Set<string>();
let question = '';

function onUnload(e: BeforeUnloadEvent) {
  if (dirtyForms.size) e.preventDefault();
}

function onClick(e: MouseEvent) {
  const link = (e.target as Element | null)?.closest?.('a[href]');
  if (!dirtyForms.size || !link || e.defaultPrevented || e.button !== 0) return;
  if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || (link as HTMLAnchorElement).target === '_blank') return;
  if (confirm(question)) dirtyForms.clear();
  else e.preventDefault();
}

/** Marks this form dirty (or not) for as long as it is shown. */
export function useLeaveWarning(dirty: boolean, text: string): void {
  const id = useId();
  useEffect(() => {
    if (!dirty) return;
    question = text;
    if (!dirtyForms.size) {
      addEventListener('beforeunload', onUnload);
      document.addEventListener('click', onClick, true);
    }
    dirtyForms.add(id);
    return () => {
      dirtyForms.delete(id);
      if (dirtyForms.size) return;
      removeEventListener('beforeunload', onUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty, text, id]);
}

/** Leaving on purpose (signing out, the account deleted): nothing left to ask about. */
export function forgetUnsavedChanges(): void {
  dirtyForms.clear();
}
