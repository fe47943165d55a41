import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTempDir } from '../../test/helpers/temp-dir.js'
import { measureResolution } from '../../testkit/labelled/measure-resolution.js'
import { openStore } from '../store/database.js'

const dir = useTempDir()

describe('resolution on the labelled set (real Amsterdam and Utrecht addresses, BAG extract in the official format)', () => {
  it('never matches the wrong home, and resolves most', async () => {
    const store = await openStore(join(dir, 'labelled.db'))
    const scores = await measureResolution(store)
    await store.close()
    const all = scores.all!
    expect(all.n).toBeGreaterThan(5_000)
    expect(all.wrongExamples).toEqual([])
    expect(all.precision).toBe(1)
    for (const key of ['kind:letter', 'kind:addition', 'kind:letter+addition', 'kind:plain'])
      expect(scores[key]!.precision).toBe(1)
    // Printed letters and additions find their home; a quarter of the bare numbers have flats registered above
    // them by construction, and a listing that prints only the number must then stay unresolved.
    for (const key of ['kind:letter', 'kind:addition', 'kind:letter+addition'])
      expect(scores[key]!.recall).toBeGreaterThan(0.97)
    expect(all.recall).toBeGreaterThan(0.78)
  }, 60_000)
})
