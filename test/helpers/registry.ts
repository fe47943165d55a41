import { createSourcePriority, defaultSourceOrder } from '../../src/merge/source-priority.js'
import { loadRegistry } from '../../src/registry/registry.js'

/** This checkout's registry, found by folder as a run finds it. */
export const REGISTRY = await loadRegistry()

/** Every registered source, in trust order. */
export const ALL_SOURCES = REGISTRY.sources

/** Every preset a site file can name. */
export const ALL_PRESETS = REGISTRY.presets

/** A registered source by id, or undefined. */
export const findSource = REGISTRY.find

/** The default trust order of the registry: registers first, then the listing sources in trust order. */
export const defaultSourcePriority = createSourcePriority(defaultSourceOrder(ALL_SOURCES.map((s) => s.id)))
