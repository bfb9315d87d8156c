import fs from 'node:fs';

/** The server package's version, reported by /health and the OpenAPI document. */
export const APP_VERSION: string = (() => {
  const pkg: unknown = JSON.parse(
    fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
  );
  return typeof pkg === 'object' &&
    pkg !== null &&
    'version' in pkg &&
    typeof pkg.version === 'string'
    ? pkg.version
    : '0.0.0';
})();
