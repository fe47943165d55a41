import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SiteFileError } from '../errors.js'
import type { Source } from '../kit/adapter.js'
import { inTrustOrder, readTrustOrder, TRUST_ORDER_FILE } from './trust-order.js'

const source = (id: string) => ({ id }) as Source
const ids = (sources: readonly Source[]) => sources.map((s) => s.id)
const SOURCES = ['kamernet', 'plaza', 'funda', 'amsterdam-housing', 'pararius'].map(source)

describe('the trust order', () => {
  it('puts the sources it names first, in its order, and the others after them by id', () => {
    expect(ids(inTrustOrder(SOURCES, ['funda', 'pararius', 'kamernet']))).toEqual([
      'funda',
      'pararius',
      'kamernet',
      'amsterdam-housing',
      'plaza',
    ])
    expect(ids(inTrustOrder(SOURCES, []))).toEqual([
      'amsterdam-housing',
      'funda',
      'kamernet',
      'pararius',
      'plaza',
    ])
  })

  it('refuses an id that is no source, or one named twice, in one line naming the file', () => {
    const misspelt = () => inTrustOrder(SOURCES, ['funda', 'fundaa'])
    expect(misspelt).toThrow(SiteFileError)
    expect(misspelt).toThrow('sources/trust-order.yml: fundaa: no such source')
    expect(() => inTrustOrder(SOURCES, ['funda', 'pararius', 'funda'])).toThrow(
      'sources/trust-order.yml: funda named twice',
    )
  })

  it('reads a YAML list of ids, none when there is no file, and refuses anything else', () => {
    const dir = mkdtempSync(join(tmpdir(), 'propdata-trust-order-'))
    expect(readTrustOrder(dir)).toEqual([])
    writeFileSync(join(dir, TRUST_ORDER_FILE), '# most trusted first\n- funda\n- pararius\n')
    expect(readTrustOrder(dir)).toEqual(['funda', 'pararius'])
    writeFileSync(join(dir, TRUST_ORDER_FILE), 'funda: 1\n')
    expect(() => readTrustOrder(dir)).toThrow('sources/trust-order.yml: must be a list of source ids')
  })
})
