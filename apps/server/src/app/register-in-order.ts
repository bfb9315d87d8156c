import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

/** Where fastify-plugin keeps the `name` and `dependencies` a plugin declares. */
const PLUGIN_META = Symbol.for('plugin-meta');

interface PluginMeta {
  name?: string;
  dependencies?: readonly string[];
}

type DeclaredPlugin = FastifyPluginAsync & { [PLUGIN_META]?: PluginMeta };

function metaOf(plugin: DeclaredPlugin): { name: string; dependencies: readonly string[] } {
  const meta = plugin[PLUGIN_META];
  if (meta?.name === undefined)
    throw new Error('A feature plugin must be made with fastify-plugin and declare its name.');
  return { name: meta.name, dependencies: meta.dependencies ?? [] };
}

/**
 * The plugins in an order where each comes after every plugin it declares as a dependency
 * (the listed order breaks ties, so boot is deterministic). A dependency that is not in the
 * list, or a loop, fails at boot with the names involved.
 */
export function dependencyOrder(plugins: readonly FastifyPluginAsync[]): FastifyPluginAsync[] {
  const byName = new Map<string, { plugin: FastifyPluginAsync; dependencies: readonly string[] }>();
  for (const plugin of plugins) {
    const { name, dependencies } = metaOf(plugin);
    if (byName.has(name)) throw new Error(`Two feature plugins are named ${name}.`);
    byName.set(name, { plugin, dependencies });
  }
  const ordered: FastifyPluginAsync[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string, path: readonly string[]): void => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting')
      throw new Error(
        `Feature plugins depend on each other in a loop: ${[...path, name].join(' → ')}`,
      );
    const entry = byName.get(name);
    if (entry === undefined)
      throw new Error(`Plugin ${path.at(-1)} depends on ${name}, which is not registered.`);
    state.set(name, 'visiting');
    for (const dependency of entry.dependencies) visit(dependency, [...path, name]);
    state.set(name, 'done');
    ordered.push(entry.plugin);
  };
  for (const name of byName.keys()) visit(name, []);
  return ordered;
}

/** Registers `plugins` at the root, each after the plugins it depends on. */
export async function registerInDependencyOrder(
  app: FastifyInstance,
  plugins: readonly FastifyPluginAsync[],
  /** A plugin's options, by its name. */
  options: Readonly<Record<string, object>> = {},
): Promise<void> {
  for (const plugin of dependencyOrder(plugins))
    await app.register(plugin, options[metaOf(plugin).name] ?? {});
}
