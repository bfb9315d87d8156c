import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkBundledFileReferences, checkWorkerEntries } from './runtime-files';

describe('checkBundledFileReferences', () => {
  let serverDir: string;
  let bundle: string;

  beforeEach(() => {
    serverDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parallax-bundle-check-'));
    fs.mkdirSync(path.join(serverDir, 'dist'));
    fs.writeFileSync(path.join(serverDir, 'package.json'), '{}');
    bundle = path.join(serverDir, 'dist', 'main.js');
  });

  afterEach(() => fs.rmSync(serverDir, { recursive: true, force: true }));

  it('accepts files found where the bundle looks, and paths outside the package', () => {
    fs.writeFileSync(path.join(serverDir, 'dist', 'words.txt'), 'a\n');
    fs.writeFileSync(
      bundle,
      [
        'read(new URL("./words.txt", import.meta.url));',
        'read(new URL("../package.json", import.meta.url));',
        'serve(new URL("../../web/dist", import.meta.url));',
      ].join('\n'),
    );
    expect(() => checkBundledFileReferences(bundle, serverDir)).not.toThrow();
  });

  it('names a file of the package that is not beside the bundle', () => {
    fs.writeFileSync(bundle, 'read(new URL("./missing.txt", import.meta.url));');
    expect(() => checkBundledFileReferences(bundle, serverDir)).toThrow(/\.\/missing\.txt/);
  });
});

describe('checkWorkerEntries', () => {
  let distDir: string;
  let bundle: string;

  beforeEach(() => {
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parallax-worker-check-'));
    bundle = path.join(distDir, 'main.js');
  });

  afterEach(() => fs.rmSync(distDir, { recursive: true, force: true }));

  it('accepts a worker the bundle starts and finds beside it', () => {
    fs.writeFileSync(bundle, 'start(new URL("./fit.js", import.meta.url));');
    fs.writeFileSync(path.join(distDir, 'fit.js'), '');
    expect(() => checkWorkerEntries(bundle, ['fit'])).not.toThrow();
  });

  it('names a worker missing beside the bundle, and one the bundle never starts', () => {
    fs.writeFileSync(bundle, 'start(new URL("./fit.js", import.meta.url));');
    expect(() => checkWorkerEntries(bundle, ['fit'])).toThrow(/fit\.js is not beside main\.js/);
    fs.writeFileSync(path.join(distDir, 'other.js'), '');
    expect(() => checkWorkerEntries(bundle, ['other'])).toThrow(/other\.js is built but/);
  });
});
