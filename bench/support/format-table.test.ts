import { describe, expect, it } from 'vitest'
import { formatTable } from './bench.js'

describe('a bench table', () => {
  it('prints a count as a whole number and every ratio of a column with its decimals, 1 as 1.00', () => {
    const text = formatTable({
      title: 'nights',
      rows: [
        { night: 1, requests: 53, ratio: 1.15 },
        { night: 2, requests: 46, ratio: 1 },
      ],
    })
    const [, , , first, second] = text.split('\n')
    expect(first!.trim().split(/\s+/)).toEqual(['1', '53', '1.15'])
    expect(second!.trim().split(/\s+/)).toEqual(['2', '46', '1.00'])
  })
})
