import { describe, expect, it } from 'vitest';
import { memoHtml } from './memo.ts';

describe('memoHtml', () => {
  it('renders once per key and gives every later caller the same HTML', async () => {
    let renders = 0;
    const render = async () => `<p>${++renders}</p>`;
    expect(await memoHtml('test:de', render)).toBe('<p>1</p>');
    expect(await memoHtml('test:de', render)).toBe('<p>1</p>');
    expect(await memoHtml('test:fr', render)).toBe('<p>2</p>');
    expect(renders).toBe(2);
  });
});
