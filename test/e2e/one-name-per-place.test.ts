import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cityKey } from '../../src/normalise/index.js'
import { runCli, startCli } from '../helpers/cli.js'
import { useTempDir } from '../helpers/temp-dir.js'

const dir = useTempDir()
const db = join(dir, 'propdata.db')
const env = { PROPDATA_DATA_DIR: dir }
const children: { kill(): void }[] = []
let base = ''
let key = ''

interface Listing {
  id: string
  bag_id: string | null
  address: { city: string | null }
}

async function get<T>(path: string): Promise<T> {
  const res = await fetch(`${base}${path}`, { headers: { 'X-API-Key': key } })
  expect(res.status, path).toBe(200)
  return (await res.json()) as T
}

/** Every page of `/v1/listings` with the query. */
async function allListings(query: string): Promise<Listing[]> {
  const all: Listing[] = []
  for (let page = 1; ; page++) {
    const body = await get<{ data: Listing[] }>(`/v1/listings?page_size=100&page=${page}${query}`)
    all.push(...body.data)
    if (body.data.length < 100) return all
  }
}

beforeAll(async () => {
  const ingest = await runCli(['ingest', '--sample', '--db', db], env)
  expect(ingest.code, ingest.stderr).toBe(0)
  key = JSON.parse((await runCli(['keys', 'create', 'places', '--db', db, '--json'], env)).stdout).key
  const server = await startCli(['serve', '--db', db, '--port', '0'], /on (http:\/\/[\d.]+:\d+)/, env)
  children.push(server.child)
  base = server.match[1]!
}, 120_000)
afterAll(() => {
  for (const child of children) child.kill()
})

describe('one name per place on the served sample', () => {
  it('shows every place by one name, resolved to the BAG or not', async () => {
    const names = new Map<string, Set<string>>()
    for (const l of await allListings('')) {
      const city = l.address.city ?? ''
      const shown = names.get(cityKey(city)) ?? new Set()
      names.set(cityKey(city), shown.add(city))
    }
    for (const shown of names.values()) expect([...shown]).toHaveLength(1)
    expect([...names.get(cityKey('Den Haag'))!]).toEqual(['Den Haag'])
  })

  it("finds the same listings by every alias, and the BAG's records say the same name", async () => {
    const byName = await allListings('&city=Den%20Haag')
    expect(byName.some((l) => l.bag_id === null)).toBe(true)
    expect(byName.some((l) => l.bag_id !== null)).toBe(true)
    for (const alias of ["'s-Gravenhage", 'den haag', 'The Hague'])
      expect((await allListings(`&city=${encodeURIComponent(alias)}`)).map((l) => l.id)).toEqual(
        byName.map((l) => l.id),
      )
    expect(new Set(byName.map((l) => l.address.city))).toEqual(new Set(['Den Haag']))
    const resolved = byName.find((l) => l.bag_id !== null)!
    const record = await get<{ address: { city: string } }>(`/v1/properties/${resolved.bag_id}`)
    expect(record.address.city).toBe('Den Haag')
  })
})
