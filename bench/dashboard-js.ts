import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * The dashboard's JavaScript for its first screen, the sermon list (issue 24: at most 160 KB
 * compressed, routes split): the entry and its static imports, and the list's lazy chunk with
 * its own, as the built files are (`pnpm --filter @kerygma/dashboard build` first).
 *
 *   node bench/dashboard-js.ts
 */
const BUDGET_KB = 160;
const FIRST_SCREEN = 'src/sermons/SermonList.tsx';
const dist = path.resolve(import.meta.dirname, '../dashboard/dist');
type Chunk = { file: string; imports?: string[]; isEntry?: boolean };
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;

/** A chunk's file and every chunk it imports statically (loaded before it runs). */
function withImports(key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const next of chunk.imports ?? []) withImports(next, into);
  return into;
}

const files = withImports(FIRST_SCREEN, withImports('index.html'));
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
let raw = 0;
let gzip = 0;
let brotli = 0;
console.log('file'.padEnd(44), 'raw'.padStart(10), 'gzip'.padStart(10), 'brotli'.padStart(10));
for (const file of files) {
  const bytes = readFileSync(path.join(dist, file));
  const g = gzipSync(bytes, { level: 9 }).length;
  const b = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  raw += bytes.length;
  gzip += g;
  brotli += b;
  console.log(file.padEnd(44), kb(bytes.length).padStart(10), kb(g).padStart(10), kb(b).padStart(10));
}
console.log('first screen'.padEnd(44), kb(raw).padStart(10), kb(gzip).padStart(10), kb(brotli).padStart(10));
const within = brotli / 1024 <= BUDGET_KB && gzip / 1024 <= BUDGET_KB;
console.log(within ? `within the ${BUDGET_KB} KB budget` : `OVER the ${BUDGET_KB} KB budget`);
process.exitCode = within ? 0 : 1;
