import { describe, expect, it } from 'vitest'
import { parseHouseNumber, postcodeKey } from '../../src/normalise/index.js'
import { createBagResolver } from '../../src/resolve/index.js'
import { get, KEY, useSampleApi } from '../helpers/api-fixture.js'

// Hundreds of look-ups in a minute: far above the default limit.
const fixture = useSampleApi({ rateLimitPerMinute: 1_000_000 })

interface LookupBody {
  data: { bag_id: string; address: { postcode: string; number: string } }[]
  meta: { resolution: string }
}
interface Address {
  postcode: string
  huisnummer: number
  huisletter: string | null
  toevoeging: string | null
}

const lookup = async (query: string) => {
  const res = await get(fixture, `/v1/properties?${query}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as LookupBody
}
const queryOf = (a: Address) =>
  new URLSearchParams({
    postcode: a.postcode,
    number: String(a.huisnummer),
    ...(a.huisletter ? { letter: a.huisletter } : {}),
    ...(a.toevoeging ? { addition: a.toevoeging } : {}),
  }).toString()
const objectsAt = (postcode: string, number: number) =>
  fixture.store.sqlite
    .prepare('select distinct object_id from bag_addresses where postcode = ? and huisnummer = ? order by 1')
    .pluck()
    .all(postcode, number) as string[]

/** A number at a postcode shared by several homes. */
const shared = () =>
  fixture.store.sqlite
    .prepare(
      `select postcode, huisnummer from bag_addresses group by postcode, huisnummer
       having count(distinct object_id) > 2 order by postcode, huisnummer limit 1`,
    )
    .get() as { postcode: string; huisnummer: number }

describe('GET /v1/properties?postcode=…&number=…', () => {
  it('answers the one Golden Record of an address that names one home, as GET /v1/properties/{bag_id} does', async () => {
    const { postcode, huisnummer } = shared()
    const home = fixture.store.sqlite
      .prepare(
        'select * from bag_addresses where postcode = ? and huisnummer = ? and toevoeging is not null limit 1',
      )
      .get(postcode, huisnummer) as Address & { object_id: string }
    const body = await lookup(queryOf(home))
    expect(body.meta.resolution).toBe('exact')
    expect(body.data.map((r) => r.bag_id)).toEqual([home.object_id])
    expect(body.data[0]).toEqual((await get(fixture, `/v1/properties/${home.object_id}`)).json())
    // Postcode with a space or in lower case, and the letter and addition in either case: the same home.
    const spaced = queryOf({
      ...home,
      postcode: `${postcode.slice(0, 4)} ${postcode.slice(4).toLowerCase()}`,
    })
    expect((await lookup(spaced)).data.map((r) => r.bag_id)).toEqual([home.object_id])
  })

  it('answers every candidate when the number is shared and nothing picks one, and none when nobody lives there', async () => {
    const { postcode, huisnummer } = shared()
    const ambiguous = await lookup(`postcode=${postcode}&number=${huisnummer}`)
    expect(ambiguous.meta.resolution).toBe('ambiguous')
    expect(ambiguous.data.map((r) => r.bag_id).sort()).toEqual(objectsAt(postcode, huisnummer))
    const nobody = await lookup(`postcode=${postcode}&number=99999`)
    expect(nobody).toEqual({ data: [], meta: { resolution: 'not-found' } })
    expect((await lookup('postcode=9999ZZ&number=1')).data).toEqual([])
  })

  it('decides every address exactly as the pipeline resolver decides a listing with that address', async () => {
    const resolver = createBagResolver(fixture.store.sqlite)
    const addresses = fixture.store.sqlite
      .prepare(
        `select postcode, huisnummer, huisletter, toevoeging from bag_addresses order by num_id limit 300`,
      )
      .all() as Address[]
    // Each address as written, and with its letter and addition left out.
    const cases = addresses.flatMap((a) => [a, { ...a, huisletter: null, toevoeging: null }])
    const methods = new Set<string>()
    for (const address of cases) {
      const printed = `${address.huisnummer}${address.huisletter ?? ''}${address.toevoeging ? `-${address.toevoeging}` : ''}`
      const resolution = resolver.resolve({
        postcodeKey: postcodeKey(address.postcode),
        houseNumber: parseHouseNumber(printed),
        streetKey: null,
        surfaceArea: null,
      })
      const body = await lookup(queryOf(address))
      methods.add(resolution.method)
      expect(body.meta.resolution, printed).toBe(resolution.method)
      const ids = body.data.map((r) => r.bag_id)
      if (resolution.method === 'exact') expect(ids).toEqual([resolution.objectId])
      else if (resolution.method === 'ambiguous') expect(ids.length).toBeGreaterThan(1)
      else expect(ids).toEqual([])
    }
    expect([...methods]).toEqual(expect.arrayContaining(['ambiguous', 'exact']))
  })

  const invalid: [string, string, string][] = [
    ['number=1', 'postcode', 'postcode is required'],
    ['postcode=1012AB', 'number', 'number is required'],
    ['postcode=1012&number=1', 'postcode', 'postcode must be four digits and two letters, as 1234 AB'],
    ['postcode=1012AB&number=0', 'number', 'number must be at least 1'],
    ['postcode=1012AB&number=12a', 'number', 'number must be a whole number from 1 to 99999'],
    ['postcode=1012AB&number=1&letter=AB', 'letter', 'letter must be one letter'],
    ['postcode=1012AB&number=1&addition=hoog1', 'addition', 'addition must be 1–4 letters or digits'],
    ['postcode=1012AB&number=1&street=x', 'street', 'unknown parameter street'],
    ['postcode=1012AB&postcode=1012AC&number=1', 'postcode', 'postcode must be given only once'],
  ]
  for (const [query, parameter, message] of invalid) {
    it(`?${query} → 400: ${message}`, async () => {
      const res = await get(fixture, `/v1/properties?${query}`)
      expect(res.statusCode).toBe(400)
      expect(res.json().errors).toContainEqual({ parameter, message })
    })
  }

  it('needs a key, before looking at the address, and revalidates like every /v1 answer', async () => {
    expect((await get(fixture, '/v1/properties?number=x', {})).statusCode).toBe(401)
    const { postcode, huisnummer } = shared()
    const url = `/v1/properties?postcode=${postcode}&number=${huisnummer}`
    const first = await get(fixture, url)
    const again = await get(fixture, url, { 'x-api-key': KEY, 'if-none-match': first.headers.etag as string })
    expect(again.statusCode).toBe(304)
  })
})
