import type { ReactNode } from 'react';

/**
 * A wide table that scrolls sideways on its own on a phone: a region named by the heading above
 * it, focusable so the keyboard can scroll it too (WCAG 2.1.1).
 */
export function TableScroll({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section className="table-scroll" aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </section>
  );
}
