import { describe, expect, it } from 'vitest'
import { ALL_SOURCES } from '../helpers/registry.js'
import { type ContractOptions, runSourceContract } from './source-adapter.case.js'

/** Checks a source skips, each with its reason (printed in the test name). */
const OPTIONS: Readonly<Record<string, ContractOptions>> = {
  feed: { skip: [{ test: 'politeness', reason: 'reads a local file: it sends no requests' }] },
}

for (const source of ALL_SOURCES) describe(source.id, () => runSourceContract(source, OPTIONS[source.id]))

/** Top-level domains reserved for examples and tests (RFC 2606, RFC 6761): no real site answers on them. */
const RESERVED = /\.(?:test|example|invalid|localhost)$/

describe('the registry', () => {
  it('holds no example site: a site on a reserved domain belongs in its preset’s tests (_presets/<id>/example/)', () => {
    const examples = ALL_SOURCES.filter(
      (s) => s.kind === 'crawl' && RESERVED.test(new URL(s.homepage).hostname),
    )
    expect(examples.map((s) => s.id)).toEqual([])
  })
})
