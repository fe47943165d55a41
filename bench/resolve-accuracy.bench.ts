import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openStore } from '../src/store/database.js'
import { measureResolution } from '../testkit/labelled/measure-resolution.js'
import { defineBench } from './support/bench.js'

/**
 * Resolution precision and recall on the labelled set (`data/labelled/`: 5,094 real Amsterdam 2021 and Utrecht 2016
 * addresses as printed, and a BAG 2.0 extract holding their objects and the neighbours behind the same door).
 */
export default defineBench({
  name: 'resolve-accuracy',
  description: 'precision and recall of BAG resolution on real printed addresses (data/labelled/)',
  async run() {
    const dir = mkdtempSync(join(tmpdir(), 'propdata-labelled-'))
    try {
      const store = await openStore(join(dir, 'labelled.db'))
      const scores = await measureResolution(store)
      await store.close()
      return [
        {
          title: 'Resolution on the labelled set',
          rows: Object.entries(scores).map(([slice, s]) => ({
            slice,
            n: s.n,
            resolved: s.resolved,
            wrong: s.wrong,
            'precision %': s.precision * 100,
            'recall %': s.recall * 100,
          })),
          notes: [
            'A quarter of the bare numbers have flats registered above them by construction: those must stay unresolved.',
          ],
        },
      ]
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  },
})
