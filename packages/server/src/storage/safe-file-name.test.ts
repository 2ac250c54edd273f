import { describe, expect, it } from 'vitest';
import { contentDisposition, safeFileName } from './store.ts';

describe('download file names', () => {
  it('drop every bidi control, so a name shows its real extension', () => {
    const controls = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
    for (const c of [...controls, '\u200e', '\u200f', '\u061c']) {
      expect(safeFileName(`cod${c}cod.mp3`), c.codePointAt(0)?.toString(16)).toBe('codcod.mp3');
    }
  });

  it('turn C0 and C1 controls and line separators into spaces', () => {
    expect(safeFileName('a\u0000b\u001fc\u007fd\u0085e\u009ff\u2028g\u2029h.mp3')).toBe('a b c d e f g h.mp3');
  });

  it('keep right-to-left scripts themselves', () => {
    expect(safeFileName('عظة الأحد.mp3')).toBe('عظة الأحد.mp3');
  });

  it('leave no bidi control in filename*', () => {
    expect(contentDisposition('invoice\u202egpj.exe')).toBe(
      `attachment; filename="invoicegpj.exe"; filename*=UTF-8''invoicegpj.exe`,
    );
  });
});
