import { describe } from 'vitest'
import { ALL_SOURCES } from '../helpers/registry.js'
import { type ContractOptions, runSourceContract } from './source-adapter.case.js'

/** Checks a source skips, each with its reason (printed in the test name). */
const OPTIONS: Readonly<Record<string, ContractOptions>> = {
  feed: { skip: [{ test: 'politeness', reason: 'reads a local file: it sends no requests' }] },
}

for (const source of ALL_SOURCES) describe(source.id, () => runSourceContract(source, OPTIONS[source.id]))
