import { createHash } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** Keeps a page that failed to parse under `<dir>/<source>/`, with a sidecar saying why, so it can become a fixture. */
export function saveFailedPage(
  dir: string,
  sourceId: string,
  page: { url: string; body: string },
  reason: string,
): string {
  const folder = join(dir, sourceId)
  mkdirSync(folder, { recursive: true })
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  const name = `${stamp}-${createHash('sha1').update(page.url).digest('hex').slice(0, 10)}`
  const file = join(folder, `${name}.html`)
  writeFileSync(file, page.body)
  writeFileSync(
    join(folder, `${name}.json`),
    `${JSON.stringify({ url: page.url, reason, savedAt: new Date().toISOString() }, null, 2)}\n`,
  )
  return file
}
