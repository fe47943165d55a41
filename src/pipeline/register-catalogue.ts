import type { Source } from '../kit/adapter.js'
import type { Store } from '../store/database.js'
import { type CatalogueEntry, registerCatalogue, type SourceFacts } from '../store/sources.repository.js'

/** What the code says of a source, as the catalogue keeps it. */
export function sourceFacts(source: Source): SourceFacts {
  const crawl = source.kind === 'crawl' ? source : undefined
  return {
    kind: source.kind,
    render: crawl?.render ?? null,
    offers: source.offers,
    homepage: crawl?.homepage ?? null,
    politeness: crawl?.politeness ?? null,
    terms: source.terms,
    evidence: source.evidence,
    preset: crawl?.preset ?? null,
    regions: crawl?.regions ?? null,
  }
}

/**
 * Writes the catalogue as a run (or a command) starts: every source of `registry`, ranked in its order (the trust
 * order), then the sources of the run it does not have (partner feeds under names of their own), unranked. Any other
 * source the catalogue holds is no longer registered: the API stops listing it.
 */
export async function registerSources(
  store: Store,
  registry: readonly Source[],
  now: string,
  runSources: readonly Source[] = [],
): Promise<void> {
  const registered = new Set(registry.map((s) => s.id))
  const entry = (source: Source, trustRank: number | null): CatalogueEntry => ({
    id: source.id,
    name: source.name,
    adapter: source.kind === 'file' && source.adapter !== undefined ? source.adapter : null,
    facts: sourceFacts(source),
    trustRank,
    registered: trustRank !== null,
  })
  await registerCatalogue(
    store,
    [
      ...registry.map((source, rank) => entry(source, rank)),
      ...runSources.filter((s) => !registered.has(s.id)).map((s) => entry(s, null)),
    ],
    now,
  )
}
