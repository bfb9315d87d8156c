import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS } from './config';

// The README's configuration table is the user's only map of the env: keep it exact.
const readme = readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
const table = readme.slice(
  readme.indexOf('<!-- config-table:start -->'),
  readme.indexOf('<!-- config-table:end -->'),
);
const documented = new Set(
  table
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) =>
      [...(line.split('|')[1] ?? '').matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1] ?? ''),
    ),
);

describe('README configuration table', () => {
  it('documents every variable the server reads', () => {
    expect(CONFIG_KEYS.filter((k) => !documented.has(k))).toEqual([]);
  });

  it('documents no variable the server does not read', () => {
    expect([...documented].filter((k) => !CONFIG_KEYS.includes(k))).toEqual([]);
  });
});
