import { join } from 'node:path'
import { afterAll, beforeAll, expect } from 'vitest'
import { runCli, startCli } from './cli.js'
import { useTempDir } from './temp-dir.js'

/** A listing as `/v1/listings` answers it, as far as these tests read it. */
export interface ServedListing {
  readonly id: string
  readonly bag_id: string | null
  readonly address: { readonly city: string | null }
}

/** The bundled sample as a user gets it: ingested and served by the CLI, asked over real HTTP with a key of its own. */
export interface ServedSample {
  /** The database file. */
  readonly db: string
  /** GETs a path of the API with the key and returns its JSON body, expecting 200. */
  get<T>(path: string): Promise<T>
  /** Every page of `/v1/listings` with `query` ("&city=…"). */
  allListings(query?: string): Promise<ServedListing[]>
}

/** Ingests the sample with `propdata ingest --sample`, then serves it, once per test file. */
export function useServedSample(): ServedSample {
  const dir = useTempDir()
  const db = join(dir, 'propdata.db')
  const env = { PROPDATA_DATA_DIR: dir }
  let base = ''
  let key = ''
  let stop = () => {}
  beforeAll(async () => {
    const ingest = await runCli(['ingest', '--sample', '--db', db], env)
    expect(ingest.code, ingest.stderr).toBe(0)
    key = JSON.parse((await runCli(['keys', 'create', 'tests', '--db', db, '--json'], env)).stdout).key
    const server = await startCli(['serve', '--db', db, '--port', '0'], /on (http:\/\/[\d.]+:\d+)/, env)
    stop = () => server.child.kill()
    base = server.match[1]!
  }, 120_000)
  afterAll(() => stop())
  const get = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${base}${path}`, { headers: { 'X-API-Key': key } })
    expect(res.status, path).toBe(200)
    return (await res.json()) as T
  }
  return {
    db,
    get,
    async allListings(query = '') {
      const all: ServedListing[] = []
      for (let page = 1; ; page++) {
        const body = await get<{ data: ServedListing[] }>(`/v1/listings?page_size=100&page=${page}${query}`)
        all.push(...body.data)
        if (body.data.length < 100) return all
      }
    },
  }
}
