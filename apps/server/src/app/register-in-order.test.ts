import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterEach, describe, expect, it } from 'vitest';
import { FEATURE_PLUGINS } from './feature-plugins';
import { dependencyOrder, registerInDependencyOrder } from './register-in-order';

const booted: string[] = [];
const declared = (name: string, dependencies: string[] = []) =>
  fp(
    async () => {
      booted.push(name);
    },
    { name, dependencies },
  );

describe('registering feature plugins by their declared dependencies', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    booted.length = 0;
    await app?.close();
    app = undefined;
  });

  it('registers each plugin after the ones it names, whatever the listed order', async () => {
    app = Fastify();
    await registerInDependencyOrder(app, [
      declared('chat', ['limits', 'models']),
      declared('limits', ['billing']),
      declared('billing', ['models']),
      declared('models'),
    ]);
    await app.ready();
    expect(booted).toEqual(['models', 'billing', 'limits', 'chat']);
  });

  it("joins what the app wires: a plugin after another it does not declare, with the app's options", async () => {
    app = Fastify();
    const seen: unknown[] = [];
    const joined = fp(
      async (_app, options: { answer?: number }) => {
        booted.push('compare');
        seen.push(options.answer);
      },
      { name: 'compare' },
    );
    await registerInDependencyOrder(app, [joined, declared('chat')], {
      compare: { after: ['chat'], options: () => ({ answer: booted.length }) },
    });
    expect(booted).toEqual(['chat', 'compare']);
    // Read once chat was registered.
    expect(seen).toEqual([1]);
  });

  it('fails at boot, naming both, when a dependency is not registered', () => {
    expect(() => dependencyOrder([declared('chat', ['compare'])])).toThrow(
      'Plugin chat depends on compare, which is not registered.',
    );
  });

  it('fails at boot, naming the loop, when plugins depend on each other', () => {
    expect(() =>
      dependencyOrder([
        declared('billing', ['limits']),
        declared('limits', ['billing']),
        declared('models'),
      ]),
    ).toThrow('Feature plugins depend on each other in a loop: billing → limits → billing');
  });

  it('refuses a plugin not made with fastify-plugin (it would be encapsulated, its services unseen)', () => {
    expect(() => dependencyOrder([async () => {}])).toThrow(/made with fastify-plugin/);
  });

  it("orders the app's own feature plugins without a missing dependency or a loop", () => {
    expect(dependencyOrder(FEATURE_PLUGINS)).toHaveLength(FEATURE_PLUGINS.length);
  });
});
