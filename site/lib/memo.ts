/** HTML rendered once per key (site/components/Memo.astro); a few keys per language in practice. */
const rendered = new Map<string, string>();
const MAX_ENTRIES = 200;

export async function memoHtml(key: string, render: () => Promise<string>): Promise<string> {
  let html = rendered.get(key);
  if (html === undefined) {
    html = await render();
    if (rendered.size >= MAX_ENTRIES) rendered.clear();
    rendered.set(key, html);
  }
  return html;
}
