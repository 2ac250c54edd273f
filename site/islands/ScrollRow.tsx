import { type ReactNode, useEffect, useRef } from 'react';

type Props = {
  /** Classes beside `scroll-row`, which lays the row out (layouts/Base.astro). */
  className: string;
  label: string;
  /** The row's list of links, rendered on the server. */
  children?: ReactNode;
};

/** Pixels scrolled past a link, clear of the shadow at the row's edge. */
const SLACK = 16;

/** Brings a link fully into view in its row, when that row scrolls sideways. */
function reveal(row: HTMLElement, link: Element) {
  if (row.scrollWidth <= row.clientWidth) return;
  const box = row.getBoundingClientRect();
  const { left, right } = link.getBoundingClientRect();
  // Scrolls the row alone (scrollIntoView could scroll the page too); physical offsets, so the
  // same in right-to-left pages.
  if (right > box.right) row.scrollLeft += right - box.right + SLACK;
  else if (left < box.left) row.scrollLeft -= box.left - left + SLACK;
}

/**
 * A navigation row of links that scrolls sideways on phones (`.scroll-row`: the header's
 * sections, the sermon lists): its current link is brought fully into view once hydrated, where
 * the browser has not already (scroll-initial-target), and so is each link reached with Tab (the
 * browser scrolls a focused link only as far as to show part of it). Keyboard focus only: a
 * tapped link must not move away between press and release.
 */
export default function ScrollRow({ className, label, children }: Props) {
  const row = useRef<HTMLElement>(null);
  useEffect(() => {
    const current = row.current?.querySelector('[aria-current]');
    if (row.current && current) reveal(row.current, current);
  }, []);
  return (
    <nav
      ref={row}
      className={`${className} scroll-row`}
      aria-label={label}
      onFocus={(e) => {
        const link = (e.target as Element).closest('a');
        if (row.current && link?.matches(':focus-visible')) reveal(row.current, link);
      }}
    >
      {children}
    </nav>
  );
}
