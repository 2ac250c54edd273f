import { describe, expect, it } from 'vitest';
import { memoHtml } from './memo.ts';

const text = (html: Uint8Array | Promise<Uint8Array>) => Promise.resolve(html).then((b) => new TextDecoder().decode(b));

describe('memoHtml', () => {
  it('renders once per key and gives every later caller the same HTML', async () => {
    let renders = 0;
    const render = async () => `<p>${++renders} ✓</p>`;
    expect(await text(memoHtml('test:de', render))).toBe('<p>1 ✓</p>');
    expect(await text(memoHtml('test:de', render))).toBe('<p>1 ✓</p>');
    expect(await text(memoHtml('test:fr', render))).toBe('<p>2 ✓</p>');
    expect(renders).toBe(2);
  });

  it('hands out the HTML kept without a promise, so that the page need not wait for it', async () => {
    await memoHtml('test:sync', async () => '<p>kept</p>');
    const kept = memoHtml('test:sync', async () => '<p>again</p>');
    expect(kept).toBeInstanceOf(Uint8Array);
    expect(await text(kept)).toBe('<p>kept</p>');
  });
});
