/**
 * `npm run sources-doc`: writes `docs/SOURCES.md`, the catalogue of every registered source (id, name, kind,
 * preset, transport, regions, offers, terms, evidence, politeness) and each source's evidence, from the registry. `test/docs/sources-doc.test.ts` fails
 * while the committed file differs from what this writes.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { PROJECT_ROOT } from '../src/config.js'
import { loadRegistry } from '../src/registry/registry.js'
import { renderCatalogue } from './sources-doc/render-catalogue.js'

/** Where the catalogue is committed. */
export const SOURCES_DOC = join(PROJECT_ROOT, 'docs', 'SOURCES.md')

/** The catalogue as the registry makes it now. */
export async function currentCatalogue(): Promise<string> {
  const { sources, presets } = await loadRegistry()
  return renderCatalogue(sources, presets)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(SOURCES_DOC, await currentCatalogue())
  process.stdout.write(`Wrote ${SOURCES_DOC.slice(PROJECT_ROOT.length + 1)}\n`)
}
