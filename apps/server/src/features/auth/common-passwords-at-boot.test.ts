import fs from 'node:fs';
import { afterEach, expect, it, vi } from 'vitest';
import { uniqueEmail } from '../../../test/auth';
import { createTestApp, type TestApp } from '../../../test/app';

let t: TestApp | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await t?.close();
});

/**
 * The block-list is a file beside the server (dist/ in a build). `npm start` rebuilds dist/,
 * so a second `npm start` next to a running server removes the file for a moment: read on the
 * first sign-up, that sign-up answered 500. Its own test file: the list is a module-level
 * cache, and no earlier test here may have read it.
 */
it('reads the common-password list while booting, so the first sign-up needs no file', async () => {
  t = await createTestApp();
  const readFileSync = fs.readFileSync.bind(fs);
  const reads: string[] = [];
  vi.spyOn(fs, 'readFileSync').mockImplementation((file, options) => {
    const name = file instanceof URL ? file.pathname : String(file);
    reads.push(name);
    if (name.endsWith('common-passwords.txt'))
      throw Object.assign(new Error(`ENOENT: no such file or directory, open '${name}'`), {
        code: 'ENOENT',
      });
    return readFileSync(file, options);
  });

  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: { email: uniqueEmail('first'), password: 'violet-harbour-sunrise' },
  });
  expect(response.statusCode, response.body).toBe(200);
  // The list is in force all the same.
  const common = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: { email: uniqueEmail('common'), password: 'password123' },
  });
  expect(common.statusCode).toBe(422);
  expect(reads.filter((name) => name.endsWith('common-passwords.txt'))).toEqual([]);
});
