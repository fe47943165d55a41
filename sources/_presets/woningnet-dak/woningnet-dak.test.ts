import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createPage, listingSchema, ParseError } from '../../../src/kit/index.js'
import {
  expectedPathOf,
  listFixtures,
  parsePageFixture,
  SOURCES_DIR,
  sourceFolder,
} from '../../../test/contract/source-fixtures.js'
import { siteOnPreset } from '../../../test/helpers/preset-site.js'
import woningnetDak from './index.js'
import { dutchDay, printedHouseNumber } from './publication.js'

const woningnet = siteOnPreset(woningnetDak, 'woningnet-dak')

/** The registered sites on this preset: the recorded one and those written in its format. */
const SITES = [
  'woningnet-dak',
  'woningnet-eemvallei',
  'woningnet-gooi-en-vecht',
  'woningnet-groningen',
  'woningnet-huiswaarts',
  'woningnet-midden-holland',
  'woningnet-studentenwoning',
  'woningnet-woongaard',
  'woningnet-woonkeus-drechtsteden',
  'woningnet-woonservice',
]

const [REQUEST] = woningnet.startRequests({ cities: ['Amsterdam'], types: ['rent'] })
const respond = (body: string) => woningnet.parseListPage(createPage(REQUEST!, REQUEST!.url, 200, body))
const answer = (list: unknown[], versionChanged = false, isSuccess = true) =>
  JSON.stringify({
    versionInfo: { hasModuleVersionChanged: false, hasApiVersionChanged: versionChanged },
    data: {
      PublicatieLijst: { List: list },
      Result: { IsSuccess: isSuccess, ErrorMessage: 'Regio onbekend' },
    },
  })

describe('the woningnet-dak preset', () => {
  it('asks each portal whose cities the scope names for its whole offer', () => {
    expect(REQUEST).toMatchObject({
      url: expect.stringMatching(/^https:\/\/amsterdam\.mijndak\.nl\//),
      method: 'POST',
    })
    const hosts = woningnet
      .startRequests({ cities: ['Zaandam', 'Nieuwegein', 'Groningen'], types: ['rent'] })
      .map((r) => new URL(r.url).host)
    expect(hosts).toEqual(['amsterdam.mijndak.nl', 'utrecht.mijndak.nl'])
    expect(woningnet.startRequests({ cities: ['Amsterdam'], types: ['buy'] })).toEqual([])
  })
  it('says the recorded empty answer has no results', () => {
    const body = readFileSync(join(SOURCES_DIR, 'woningnet-dak', 'fixtures', 'empty-aanbod.json'), 'utf8')
    expect(respond(body)).toEqual({ listings: [], noResults: true })
  })
  it('throws ParseError when the version tokens are stale, the result failed, or the answer is not this JSON', () => {
    expect(() => respond(answer([], true))).toThrow(/version tokens/)
    expect(() => respond(answer([], false, false))).toThrow(/Regio onbekend/)
    expect(() => respond('{"data":{}}')).toThrow(ParseError)
    expect(() => respond('<html>Er is iets misgegaan</html>')).toThrow(ParseError)
  })
  it('turns a malformed publication into a listing that validation rejects, not a crash', () => {
    const { listings } = respond(answer([{ Id: 7, Eenheid: { Brutohuur: 'veel' } }, null, ['x']]))
    expect(listings).toHaveLength(3)
    for (const listing of listings ?? []) expect(listingSchema.safeParse(listing).success).toBe(false)
  })
  it('prints number, letter and addition as the portal splits them', () => {
    const address = (Huisnummer: number, Huisletter: string, HuisnummerToevoeging: string) =>
      printedHouseNumber({ Huisnummer, Huisletter, HuisnummerToevoeging })
    expect(address(108, '', '-3')).toBe('108-3')
    expect(address(60, 'A', '')).toBe('60A')
    expect(address(6, '', 'H')).toBe('6-H')
    expect(address(0, '', '')).toBeNull()
  })
  it('reads a UTC publication time as the day in the Netherlands', () => {
    expect(dutchDay('2026-09-21T22:01:00Z')).toBe('2026-09-22')
    expect(dutchDay('2026-01-10T12:00:00Z')).toBe('2026-01-10')
    expect(dutchDay('gisteren')).toBe('gisteren')
  })
})

describe.each(SITES)('the woningnet-dak preset on %s', (id) => {
  const source = siteOnPreset(woningnetDak, id)
  const fixtures = listFixtures(sourceFolder(id), 'crawl')

  it('reads every fixture into its committed expected JSON, valid listings on the portal’s host', async () => {
    expect(fixtures.length).toBeGreaterThan(0)
    for (const fixture of fixtures) {
      const out = parsePageFixture(source, fixture)
      await expect(`${JSON.stringify(out, null, 2)}\n`).toMatchFileSnapshot(expectedPathOf(fixture))
      if (!('listings' in out)) throw new Error(`${fixture.file} is not a list page`)
      expect(out.listings.length).toBeGreaterThan(0)
      for (const listing of out.listings) {
        expect(listingSchema.safeParse(listing).error?.issues ?? []).toEqual([])
        expect(new URL((listing as { url: string }).url).host).toMatch(/\.mijndak\.nl$/)
      }
    }
  })
})

describe('the woningnet-dak options', () => {
  it('refuse a site file without portals, or with a portal that is no subdomain', () => {
    expect(woningnetDak.options.safeParse({}).success).toBe(false)
    expect(woningnetDak.options.safeParse({ portals: {} }).success).toBe(false)
    expect(woningnetDak.options.safeParse({ portals: { 'gooi.en.vecht': ['Hilversum'] } }).success).toBe(
      false,
    )
    expect(woningnetDak.options.safeParse({ portals: { eemvallei: [] } }).success).toBe(false)
    expect(woningnetDak.options.safeParse({ portals: { eemvallei: ['Amersfoort'] } }).success).toBe(true)
  })
})
