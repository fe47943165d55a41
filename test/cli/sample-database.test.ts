import { existsSync } from 'node:fs'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../../src/config.js'
import { runCli, startCli } from '../helpers/cli.js'
import { useTempDir } from '../helpers/temp-dir.js'

const dir = useTempDir('propdata-sample-db-')
const live = join(dir, 'propdata.db')
const sample = join(dir, 'sample.db')
// PROPDATA_DB names the live database, as on a server: the sample must stay out of it all the same.
const env = { PROPDATA_DATA_DIR: dir, PROPDATA_DB: live }
const feed = join(PROJECT_ROOT, 'sources', 'feed', 'fixtures', 'partner-amsterdam.csv')
const children: { kill(): void }[] = []
afterAll(() => {
  for (const child of children) child.kill()
})

/** The modes of a database's runs, oldest first. */
const modes = (file: string) => {
  const sqlite = new BetterSqlite3(file, { readonly: true })
  try {
    return sqlite.prepare('select mode from runs order by id').pluck().all() as string[]
  } finally {
    sqlite.close()
  }
}

describe('the bundled sample has a database of its own', () => {
  it('npm start ingests it into data/sample.db, never the live database, and says what it serves', async () => {
    const started = await startCli(['start', '--port', '0'], /serving (.+) on (http:\/\/\S+)/, env)
    children.push(started.child)
    expect(started.match[1]).toBe(`the sample from ${sample}`)
    expect(started.output()).toContain(`keys create NAME --db ${sample}`)
    expect(existsSync(live)).toBe(false)
    expect(modes(sample)).toEqual(['sample', 'sample', 'sample'])
    started.child.kill()
  }, 120_000)

  it('ingest --sample without --db fills the sample database too', async () => {
    const result = await runCli(['ingest', '--sample', '--sources', 'feed', '--quiet'], env)
    expect(result.code, result.stderr).toBe(0)
    expect(existsSync(live)).toBe(false)
    expect(modes(sample).at(-1)).toBe('sample')
  }, 120_000)

  it('a database holding live data refuses the sample, by ingest --sample and by start alike', async () => {
    const first = await runCli(['ingest', '--feed', feed, '--quiet'], env)
    expect(first.code, first.stderr).toBe(0)
    expect(modes(live)).toEqual(['live'])
    const message = `error: ${live} holds live data: the bundled sample goes into a database of its own (leave out --db for ${sample})\n`
    const ingested = await runCli(['ingest', '--sample', '--db', live], env)
    expect([ingested.code, ingested.stderr]).toEqual([2, message])
    const started = await runCli(['start', '--port', '0', '--db', live], env)
    expect([started.code, started.stderr]).toEqual([2, message])
    expect(modes(live)).toEqual(['live'])
  }, 120_000)

  it('a live run into the sample database says so, and start then says it serves both', async () => {
    const result = await runCli(['ingest', '--feed', `practice=${feed}`, '--db', sample], env)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).toContain(
      `${sample} holds the bundled sample (a generated BAG extract and WOZ values): this run's listings resolve against them`,
    )
    const started = await startCli(['start', '--port', '0'], /serving (.+) on (http:\/\/\S+)/, env)
    children.push(started.child)
    expect(started.match[1]).toBe(`the sample and live runs from ${sample}`)
    started.child.kill()
  }, 120_000)
})
