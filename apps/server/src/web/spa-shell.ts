import fs from 'node:fs/promises';
import path from 'node:path';

const CSRF_META = /<meta\s+name=["']csrf-token["']\s+content=["'][^"']*["']\s*\/?>/i;

/** Puts the token into index.html's `<meta name="csrf-token" content="">` (added to <head> if missing). */
export function injectCsrfToken(html: string, token: string): string {
  const meta = `<meta name="csrf-token" content="${token}" />`;
  if (CSRF_META.test(html)) return html.replace(CSRF_META, meta);
  return html.replace(/<\/head>/i, `  ${meta}\n  </head>`);
}

/** Shown instead of the app when the web bundle has not been built. */
export const MISSING_BUILD_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8" /><title>Parallax: web app not built</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>The web app has not been built yet</h1>
<p>Run <code>npm run build</code> (or <code>npm start</code>, which builds it first), then reload this page.
The API is up: see <a href="/api/docs">/api/docs</a>.</p>
</body></html>
`;

/**
 * Reads `<webDistDir>/index.html`, re-reading only when the file changes, so a rebuild while
 * the server runs is picked up without serving a shell that points at deleted assets.
 * Resolves to undefined when there is no build.
 */
export function createShellReader(webDistDir: string): () => Promise<string | undefined> {
  const file = path.join(webDistDir, 'index.html');
  let cached: { mtimeMs: number; html: string } | undefined;
  return async () => {
    try {
      const { mtimeMs } = await fs.stat(file);
      if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: await fs.readFile(file, 'utf8') };
      return cached.html;
    } catch {
      cached = undefined;
      return undefined;
    }
  };
}
