import { expect, it } from 'vitest'
import { useSampleStore } from '../helpers/sample-database.js'
import { coverage } from './coverage.js'

const sample = useSampleStore()

// The rule on the sample `npm start` serves: its rentals lie in cities without sale listings, so their homes are
// valued from the indexed WOZ value alone.
it('the bundled sample meets the ≥ 90 % coverage rule among golden records reachable from active listings', async () => {
  const { n, records: _records, ...shares } = await coverage(sample.store)
  expect(n).toBeGreaterThan(400)
  process.stdout.write(`bundled sample, ${n} listed homes: ${JSON.stringify(shares)}\n`)
  for (const [field, share] of Object.entries(shares)) expect(share, field).toBeGreaterThanOrEqual(0.9)
})
