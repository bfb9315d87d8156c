import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JS module without types
import boundaries, { violation } from './import-boundaries.js';

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

/** A tiny repository on disk, linted by the real rule through ESLint. */
async function lintTree(files: Record<string, string>) {
  const tree = mkdtempSync(path.join(tmpdir(), 'import-boundaries-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(tree, name)), { recursive: true });
    writeFileSync(path.join(tree, name), text);
  }
  const eslint = new ESLint({
    cwd: tree,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts', '**/*.tsx'],
        languageOptions: { parser: tseslint.parser },
        plugins: { parallax: boundaries },
        rules: { 'parallax/import-boundaries': 'error' },
        settings: { importBoundaries: { root: tree } },
      },
    ],
  });
  const results = await eslint.lintFiles(Object.keys(files));
  rmSync(tree, { recursive: true, force: true });
  return results
    .flatMap((r) => r.messages.map((m) => `${path.relative(tree, r.filePath)}: ${m.message}`))
    .sort();
}

describe('the feature graph', () => {
  it('fails a web feature loop and names it', async () => {
    const problems = await lintTree({
      'apps/web/src/features/chat/index.ts': "export { Header } from '../projects';\n",
      'apps/web/src/features/projects/index.ts': "export { Chip } from './chip';\n",
      'apps/web/src/features/projects/chip.ts':
        "import type { Header } from '../chat';\nexport type Chip = Header;\n",
    });
    expect(problems).toEqual([
      expect.stringMatching(
        /^apps\/web\/src\/features\/chat\/index.ts: .*loop: chat -> projects -> chat/,
      ),
      expect.stringMatching(
        /^apps\/web\/src\/features\/projects\/chip.ts: .*loop: projects -> chat -> projects/,
      ),
    ]);
  });

  it('names the shortest loop through a longer cycle', async () => {
    const problems = await lintTree({
      'apps/web/src/features/a/index.ts': "export * from '../b';\n",
      'apps/web/src/features/b/index.ts': "export const b = () => import('../c');\n",
      'apps/web/src/features/c/index.ts': "export * from '../a';\n",
      'apps/web/src/features/d/index.ts': "export * from '../a';\n",
    });
    expect(problems).toEqual([
      expect.stringMatching(/a\/index.ts: .*loop: a -> b -> c -> a/),
      expect.stringMatching(/b\/index.ts: .*loop: b -> c -> a -> b/),
      expect.stringMatching(/c\/index.ts: .*loop: c -> a -> b -> c/),
    ]);
  });

  it("counts a server feature's reads of another's app decorations", async () => {
    const problems = await lintTree({
      'apps/server/src/features/projects/projects.plugin.ts': [
        "import { count } from '../conversations/conversations.service';",
        "export const plugin = (app: any) => { app.decorate('projects', count); };",
        '',
      ].join('\n'),
      'apps/server/src/features/conversations/conversations.service.ts': [
        'export const count = 1;',
        'export const list = (app: any) => app.projects.list();',
        '',
      ].join('\n'),
    });
    expect(problems).toEqual([
      expect.stringMatching(
        /conversations.service.ts: .*loop: conversations -> projects -> conversations\..*app\.projects is decorated by feature "projects"/,
      ),
      expect.stringMatching(/projects.plugin.ts: .*loop: projects -> conversations -> projects/),
    ]);
  });

  it('counts what a server plugin takes apart from app or declares it needs', async () => {
    const problems = await lintTree({
      'apps/server/src/features/models/models.plugin.ts': [
        "import fp from 'fastify-plugin';",
        "export const models = fp(async (app: any) => { app.decorate('models', 1); }, {",
        "  name: 'models',",
        "  decorators: { fastify: ['plans'] },",
        '});',
        '',
      ].join('\n'),
      'apps/server/src/features/billing/billing.plugin.ts': [
        "import fp from 'fastify-plugin';",
        'export const billing = fp(',
        '  async (app: any) => {',
        '    const { models } = app;',
        "    app.decorate('plans', models);",
        '  },',
        "  { name: 'billing', dependencies: ['models'] },",
        ');',
        '',
      ].join('\n'),
    });
    expect(problems).toEqual([
      expect.stringMatching(
        /billing.plugin.ts: .*loop: billing -> models -> billing\..*app\.models is decorated by feature "models"/,
      ),
      expect.stringMatching(
        /billing.plugin.ts: .*loop: billing -> models -> billing\..*plugin "models" is registered by feature "models"/,
      ),
      expect.stringMatching(
        /models.plugin.ts: .*loop: models -> billing -> models\..*app\.plans is decorated by feature "billing"/,
      ),
    ]);
  });

  it('fails a layer breach', async () => {
    const problems = await lintTree({
      'apps/web/src/ui/card.tsx':
        "import { useAuth } from '../features/auth';\nexport const c = useAuth;\n",
      'apps/web/src/features/auth/index.ts':
        "import { router } from '../../app/router';\nexport const useAuth = router;\n",
      'apps/web/src/app/router.ts': 'export const router = 1;\n',
      'apps/server/src/infra/mailer.ts': "import { x } from '../app';\nexport const y = x;\n",
      'apps/server/src/app.ts': 'export const x = 1;\n',
    });
    expect(problems).toEqual([
      expect.stringMatching(
        /^apps\/server\/src\/infra\/mailer.ts: Layer breach: server db.* may not import the server app/,
      ),
      expect.stringMatching(
        /^apps\/web\/src\/features\/auth\/index.ts: Layer breach: web features may not import the web app shell/,
      ),
      expect.stringMatching(
        /^apps\/web\/src\/ui\/card.tsx: Layer breach: web lib\/ and ui\/ may not import web features/,
      ),
    ]);
  });

  it('passes a clean graph: features in one direction, tests and the app combining them', async () => {
    const problems = await lintTree({
      'apps/web/src/lib/cn.ts': 'export const cn = 1;\n',
      'apps/web/src/features/auth/index.ts':
        "import { cn } from '../../lib/cn';\nexport const useAuth = cn;\n",
      'apps/web/src/features/chat/index.ts': "export { useAuth } from '../auth';\n",
      'apps/web/src/features/auth/auth.test.ts':
        "import { useAuth } from '../chat';\nexport const t = useAuth;\n",
      'apps/web/src/app/screen.tsx':
        "import { useAuth } from '../features/chat';\nexport const s = useAuth;\n",
      'apps/server/src/features/billing/billing.plugin.ts':
        "export const plugin = (app: any) => { app.decorate('plans', 1); };\n",
      'apps/server/src/features/limits/limits.service.ts':
        'export const read = (app: any) => app.plans;\n',
    });
    expect(problems).toEqual([]);
  });
});
