import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../../src/config.js'
import { boundsTable, realListings, rejectedReal } from '../../tools/bounds-on-evaldata.js'

describe('docs/data-quality.md and the listing bounds', () => {
  it('tables the bounds as they are', () => {
    const doc = readFileSync(join(PROJECT_ROOT, 'docs', 'data-quality.md'), 'utf8')
    if (!doc.includes(boundsTable().join('\n')))
      expect.fail(
        'the bounds table in docs/data-quality.md is not the bounds: paste what tools/bounds-on-evaldata.ts prints',
      )
  })

  it('reject none of the real listings in data/evaldata', () => {
    expect(realListings().length).toBeGreaterThan(7_000)
    expect(rejectedReal().map(({ listing, found }) => ({ ...listing, found }))).toEqual([])
  })
})
