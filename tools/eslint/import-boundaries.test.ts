import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JS module without types
import { violation } from './import-boundaries.js';

const root = path.resolve(import.meta.dirname, '..', '..');
const at = (p: string) => path.join(root, p);

describe('import boundaries', () => {
  it('keeps the contract free of our code', () => {
    expect(
      violation(at('packages/contract/src/routes.ts'), '../../../apps/server/src/app'),
    ).toMatch(/contract/);
    expect(violation(at('packages/contract/src/routes.ts'), '@parallax/provider-sim')).toMatch(
      /contract/,
    );
    expect(violation(at('packages/contract/src/routes.ts'), './constants')).toBeNull();
    expect(violation(at('packages/contract/src/routes.ts'), 'zod')).toBeNull();
  });

  it('keeps the server out of the web', () => {
    expect(
      violation(at('apps/web/src/lib/http/client.ts'), '../../../../server/src/config'),
    ).toMatch(/never imports the server/);
    expect(violation(at('apps/web/src/lib/http/client.ts'), '@parallax/server')).toMatch(
      /never imports the server/,
    );
  });

  it('lets web features meet only through their index', () => {
    const from = at('apps/web/src/features/chat/components/composer.tsx');
    expect(violation(from, '../../auth/store/auth-store')).toMatch(
      /only through features\/auth\/index/,
    );
    expect(violation(from, '../../auth')).toBeNull();
    expect(violation(from, '../../auth/index')).toBeNull();
    expect(violation(from, '../hooks/use-send')).toBeNull();
    expect(violation(from, '../../../app/router')).toMatch(/app shell/);
  });

  it('lets server features meet only through their service', () => {
    const from = at('apps/server/src/features/chat/send.service.ts');
    expect(violation(from, '../limits/limits.repository')).toMatch(/service or index/);
    expect(violation(from, '../limits/limits.service')).toBeNull();
    expect(violation(from, './messages.repository')).toBeNull();
    expect(violation(from, '../../db/schema')).toBeNull();
  });
});
