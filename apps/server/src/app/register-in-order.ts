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
 * What the app combines itself, by plugin name: options it hands a plugin (read from the app
 * once the plugins it comes after are registered) and plugins it must come after besides its
 * own dependencies (when the app, not the feature, joins two features).
 */
export type AppWiring = Readonly<
  Record<string, { after?: readonly string[]; options?: (app: FastifyInstance) => object }>
>;

/**
 * The plugins in an order where each comes after every plugin it declares as a dependency,
 * and after those the app's wiring names (the listed order breaks ties, so boot is
 * deterministic). A dependency that is not in the list, or a loop, fails at boot with the
 * names involved.
 */
export function dependencyOrder(
  plugins: readonly FastifyPluginAsync[],
  wiring: AppWiring = {},
): FastifyPluginAsync[] {
  const byName = new Map<string, { plugin: FastifyPluginAsync; dependencies: readonly string[] }>();
  for (const plugin of plugins) {
    const { name, dependencies } = metaOf(plugin);
    if (byName.has(name)) throw new Error(`Two feature plugins are named ${name}.`);
    byName.set(name, { plugin, dependencies: [...dependencies, ...(wiring[name]?.after ?? [])] });
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
  wiring: AppWiring = {},
): Promise<void> {
  for (const plugin of dependencyOrder(plugins, wiring))
    await app.register(plugin, wiring[metaOf(plugin).name]?.options?.(app) ?? {});
}
