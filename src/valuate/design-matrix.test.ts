import { describe, expect, it } from 'vitest'
import { designMatrix, MIN_FEATURE_SUPPORT } from './design-matrix.js'
import { designRow, FEATURE_NAMES } from './design-row.js'
import { syntheticComparables } from './synthetic-comparables.js'
import type { Comparable } from './types.js'

const AREAS = [5, 1_000] as const

/**
 * The plain way: every row dense, a column active when some row differs from the first and enough rows set it apart
 * (for a 0/1 column the rarer value, else the non-zeros), then the non-zeros.
 */
function denseReference(rows: readonly Comparable[], centre: number, years: Float64Array) {
  const dense = rows.map((r, i) => {
    const out = new Float64Array(FEATURE_NAMES.length)
    designRow(r, centre, years[i] as number, AREAS, out)
    return [...out]
  })
  const first = dense[0] as number[]
  const support = (j: number) => {
    const nonZero = dense.filter((d) => d[j] !== 0).length
    const dummy = dense.every((d) => d[j] === 0 || d[j] === 1)
    return dummy ? Math.min(nonZero, dense.length - nonZero) : nonZero
  }
  const active = FEATURE_NAMES.map((_, j) => j).filter(
    (j) => j === 0 || (dense.some((d) => d[j] !== first[j]) && support(j) >= MIN_FEATURE_SUPPORT),
  )
  const cols: number[] = []
  const vals: number[] = []
  const rowStart = [0]
  for (const d of dense) {
    active.forEach((j, a) => {
      if (d[j] !== 0) {
        cols.push(a)
        vals.push(d[j] as number)
      }
    })
    rowStart.push(cols.length)
  }
  return { active, rowStart, cols, vals }
}

const plain = (m: ReturnType<typeof designMatrix>) => ({
  active: m.active,
  rowStart: [...m.rowStart],
  cols: [...m.cols],
  vals: [...m.vals],
})

describe('the design matrix', () => {
  const years = (n: number) => Float64Array.from({ length: n }, (_, i) => -(i % 7) / 3)

  it('holds the non-zeros of the columns that vary, renumbered, row by row', () => {
    const rows = syntheticComparables({ seed: 21 })
    expect(plain(designMatrix(rows, 4.3, years(rows.length), AREAS))).toEqual(
      denseReference(rows, 4.3, years(rows.length)),
    )
  })

  it('drops a column that is the same non-zero value in every row, and one that is zero in every row', () => {
    // No year built anywhere: `builtUnknown` is 1 in every row and every year band 0.
    const rows = syntheticComparables({ seed: 4 }).map((r) => ({ ...r, yearBuilt: null }))
    const m = designMatrix(rows, 4.3, years(rows.length), AREAS)
    const names = m.active.map((j) => FEATURE_NAMES[j])
    expect(names).not.toContain('builtUnknown')
    expect(names.some((n) => n?.startsWith('built'))).toBe(false)
    expect(plain(m)).toEqual(denseReference(rows, 4.3, years(rows.length)))
  })

  it('drops a feature too few comparables have, which one listing alone could set', () => {
    const rows = syntheticComparables({ seed: 4 }).map((r, i) => ({ ...r, energyLabel: i < 29 ? 'G' : 'C' }))
    const labelG = FEATURE_NAMES.indexOf('labelG')
    expect(designMatrix(rows, 4.3, years(rows.length), AREAS).active).not.toContain(labelG)
    const more = rows.map((r, i) => (i === 29 ? { ...r, energyLabel: 'G' } : r))
    expect(designMatrix(more, 4.3, years(rows.length), AREAS).active).toContain(labelG)
  })

  it('grows past its first guess of non-zeros per row', () => {
    const rows = syntheticComparables({ seed: 8 }).slice(0, 3)
    expect(plain(designMatrix(rows, 4.3, years(3), AREAS))).toEqual(denseReference(rows, 4.3, years(3)))
  })
})
