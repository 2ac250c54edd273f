import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { LOCALES } from '../packages/i18n/src/locales.ts';

/**
 * What dayjs would add to a page that formats dates in the browser (minified, gzip, brotli), and
 * whether its localized formats match Intl.DateTimeFormat (site/lib/format.ts) in the site's 13
 * locales. dayjs and esbuild are not dependencies: install them in a scratch folder
 * (`npm install dayjs esbuild`) and pass it.
 *
 *   node bench/dates-dayjs-vs-intl.ts <scratch folder>
 */
const dir = process.argv[2];
if (!dir) {
  console.error('Usage: node bench/dates-dayjs-vs-intl.ts <folder where dayjs and esbuild are installed>');
  process.exit(2);
}
const root = path.resolve(dir);
const require = createRequire(path.join(root, 'package.json'));
const esbuild = await import(pathToFileURL(require.resolve('esbuild')).href);
const dayjs = require('dayjs');
dayjs.extend(require('dayjs/plugin/localizedFormat'));

/** The dayjs locale file for a site locale's `lang` (dayjs has no zh-Hans, en is built in). */
const dayjsLocale = (lang: string) => ({ 'en-GB': 'en-gb', 'zh-Hans': 'zh-cn' })[lang] ?? lang;
const others = LOCALES.map((l) => dayjsLocale(l.lang)).filter((l) => l !== 'en');
for (const l of others) require(`dayjs/locale/${l}`);

function sizes(code: string) {
  const out: Uint8Array = esbuild.buildSync({
    stdin: { contents: code, resolveDir: root, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
  }).outputFiles[0].contents;
  const brotli = brotliCompressSync(out, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  return `${out.length} B minified, ${gzipSync(out, { level: 9 }).length} B gzip, ${brotli} B brotli`;
}
const plugins = `import dayjs from 'dayjs'; import utc from 'dayjs/plugin/utc';
  import tz from 'dayjs/plugin/timezone'; import lf from 'dayjs/plugin/localizedFormat';
  dayjs.extend(utc); dayjs.extend(tz); dayjs.extend(lf);`;
const format = `export const f = (d, l) => dayjs(d).tz('America/New_York').locale(l).format('ll');`;
console.log(`core: ${sizes(`import dayjs from 'dayjs'; export const f = (d) => dayjs(d).format('YYYY-MM-DD');`)}`);
console.log(`core + utc, timezone, localizedFormat: ${sizes(`${plugins}\n${format}`)}`);
for (const l of others) console.log(`  + ${l}: ${sizes(`${plugins} import 'dayjs/locale/${l}';\n${format}`)}`);
console.log(
  `  + all ${others.length}: ${sizes(`${plugins}\n${others.map((l) => `import 'dayjs/locale/${l}';`).join('\n')}\n${format}`)}`,
);

const day = new Date(Date.UTC(2024, 2, 7));
let same = 0;
for (const { lang } of LOCALES) {
  const intl = (month: 'short' | 'long') =>
    new Intl.DateTimeFormat(lang, { timeZone: 'UTC', year: 'numeric', month, day: 'numeric' }).format(day);
  const dj = (f: string) => dayjs('2024-03-07').locale(dayjsLocale(lang)).format(f);
  const pairs = [
    [intl('short'), dj('ll')],
    [intl('long'), dj('LL')],
  ];
  const equal = pairs.every(([a, b]) => a === b);
  if (equal) same++;
  console.log(`${lang}: ${pairs.map(([a, b]) => `Intl ${a} / dayjs ${b}`).join(' | ')}${equal ? '' : '  DIFFERS'}`);
}
console.log(`${same} of ${LOCALES.length} locales give the same text in both month styles`);
