/** HTML rendered once per key (site/components/Memo.astro); a few keys per language in practice. */
const rendered = new Map<string, Uint8Array>();
const MAX_ENTRIES = 200;
const utf8 = new TextEncoder();

/**
 * The HTML kept for `key`, or the promise of its first render. Kept as UTF-8: Astro writes bytes
 * into the page as they are, where a string would be encoded again on every page. Not a promise
 * once rendered, so that the page renders on without waiting for it.
 */
export function memoHtml(key: string, render: () => Promise<string>): Uint8Array | Promise<Uint8Array> {
  return (
    rendered.get(key) ??
    render().then((html) => {
      const bytes = utf8.encode(html);
      if (rendered.size >= MAX_ENTRIES) rendered.clear();
      rendered.set(key, bytes);
      return bytes;
    })
  );
}
