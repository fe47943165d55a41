import { registerSources } from '../pipeline/register-catalogue.js'
import { loadRegistry, type Registry } from '../registry/registry.js'
import type { Store } from '../store/database.js'

/**
 * Writes this code's registry to the database's catalogue, as a run does when it starts, and returns it: what a
 * command then reads from the database (the sources, the trust order) is what the code at hand can run.
 */
export async function registerRegistry(store: Store): Promise<Registry> {
  const registry = await loadRegistry()
  await registerSources(store, registry.sources, new Date().toISOString())
  return registry
}
