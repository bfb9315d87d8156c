import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const p = await b.newPage();
await p.goto('data:text/html,<p>hi</p>');
console.log(await p.evaluate(() => new Promise((r) => { let n = 0; const t = () => { n++; if (n < 10) requestAnimationFrame(t); else r(n); }; requestAnimationFrame(t); setTimeout(() => r('timeout ' + n), 2000); })));
await b.close();
