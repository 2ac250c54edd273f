import { chromium } from '@playwright/test';
const [width, ...pages] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const page = await (await browser.newContext({ viewport: { width: Number(width), height: 1400 } })).newPage();
for (const p of pages) {
  const i = p.lastIndexOf('@');
  const [path, name] = [p.slice(0, i), p.slice(i + 1)];
  const res = await page.goto('http://127.0.0.1:4321' + path, { waitUntil: 'networkidle' });
  await page.screenshot({ path: `/tmp/shots/${name}.png` });
  console.log(name, res.status());
}
await browser.close();
