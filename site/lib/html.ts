/** HTML built from plain strings (outside Astro's templates): every value goes through escapeHtml. */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

export type Choice = { value: string; label: string };

type OptionList = { values: string[]; plain: string[]; chosen: string[] };
/** Built lists, by caller key; a few per page type and language, so the bound is never reached in practice. */
const optionLists = new Map<string, OptionList>();
const MAX_OPTION_LISTS = 500;

/**
 * The `<option>` elements of a long select as HTML, with `selected` on the one whose value is
 * `selected`. The list is built once per `key` (which must name its content: kind, language
 * and values) and then only joined: the filter bar's ~200 options rendered as Astro elements
 * were the largest part of a sermon list page's render (bench/README.md, "Site pages").
 */
export function optionsHtml(key: string, choices: () => readonly Choice[], selected: string | undefined): string {
  let list = optionLists.get(key);
  if (!list) {
    const items = choices();
    const values = items.map((c) => c.value);
    const open = items.map((c) => `<option value="${escapeHtml(c.value)}"`);
    const close = items.map((c) => `>${escapeHtml(c.label)}</option>`);
    list = {
      values,
      plain: open.map((o, i) => o + close[i]),
      chosen: open.map((o, i) => `${o} selected${close[i]}`),
    };
    if (optionLists.size >= MAX_OPTION_LISTS) optionLists.clear();
    optionLists.set(key, list);
  }
  const { values, plain, chosen } = list;
  let html = '';
  for (let i = 0; i < values.length; i++) html += values[i] === selected ? chosen[i] : plain[i];
  return html;
}
