import fs from 'node:fs';
import path from 'node:path';

/** What a test shell looks like: the csrf meta the real web build carries, and one asset. */
export const FIXTURE_INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="csrf-token" content="" />
    <title>Parallax</title>
    <script type="module" src="/assets/index-abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;
export const FIXTURE_ASSET_PATH = '/assets/index-abc123.js';
export const FIXTURE_ASSET_BODY = 'console.log("parallax");\n';

/**
 * Writes a minimal built web app (index.html + one hashed asset + favicon) into `dir`, so
 * server tests do not depend on `npm run build` having run.
 */
export function writeFixtureWebDist(dir: string): string {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), FIXTURE_INDEX_HTML);
  fs.writeFileSync(path.join(dir, FIXTURE_ASSET_PATH), FIXTURE_ASSET_BODY);
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}
