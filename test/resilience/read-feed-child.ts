/**
 * Run in a child with a small heap (`node --max-old-space-size=N --import tsx read-feed-child.ts FILE…`): reads each
 * file through the real feed reader and prints one JSON line per file. A reader that buffers a whole file or line
 * dies of heap exhaustion here instead of passing.
 */
import feed from '../../sources/feed/adapter.js'
import { readFileSource } from '../../src/crawl/read-file-source.js'
import type { RejectedListing } from '../../src/parse/index.js'

let peakHeap = 0
const sample = () => {
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed)
}
const timer = setInterval(sample, 5)
for (const path of process.argv.slice(2)) {
  peakHeap = 0
  const listings: string[] = []
  // Kept whole, as a run keeps its rejects until it stores them.
  const rejects: RejectedListing[] = []
  const outcome = await readFileSource(feed, path, {
    onListing: (l) => {
      listings.push(l.sourceListingId)
      sample()
    },
    onReject: (r) => {
      rejects.push(r)
      sample()
    },
  })
  process.stdout.write(
    `${JSON.stringify({ path, status: outcome.status, message: outcome.message, rejected: outcome.rejected, listings, rejects: rejects.slice(0, 5).map((r) => r.reason.slice(0, 1_000)), peakHeapMb: Math.round(peakHeap / 1e6) })}\n`,
  )
}
clearInterval(timer)
