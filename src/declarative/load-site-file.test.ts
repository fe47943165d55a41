import { mkdtempSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { GOOD_SITE_FILE, writeSiteFile } from '../../test/declarative/site-files.js'
import { ALL_PRESETS } from '../../test/helpers/registry.js'
import { useTempDir } from '../../test/helpers/temp-dir.js'
import { SiteFileError } from '../errors.js'
import { loadSiteFiles } from './index.js'

const roots = useTempDir('propdata-site-file-')

/** Loads one site file from a fresh sources folder. */
function load(text: string, folder = 'acme-homes') {
  const root = mkdtempSync(join(roots, 'sources-'))
  return loadSiteFiles(writeSiteFile(root, folder, text), ALL_PRESETS)
}

/** The one-line error a broken site file gives. */
function errorOf(text: string, folder?: string): SiteFileError {
  try {
    load(text, folder)
  } catch (error) {
    expect(error).toBeInstanceOf(SiteFileError)
    expect((error as Error).message).not.toContain('\n')
    return error as SiteFileError
  }
  throw new Error('the site file loaded')
}

describe('a site file', () => {
  it('becomes a listing source built on its preset', () => {
    const [source] = load(GOOD_SITE_FILE)
    expect(source).toMatchObject({
      kind: 'crawl',
      id: 'acme-homes',
      name: 'Acme Homes',
      homepage: 'https://www.acme-homes.nl/',
      hosts: [],
      render: 'http',
      politeness: { concurrency: 1, intervalCap: 1, interval: 2000 },
      offers: ['rent'],
      terms: 'unknown',
      preset: 'html-cards',
    })
    expect(source!.regions).toBeUndefined()
    expect(source!.startRequests({ cities: ['Delft'], types: ['rent', 'buy'] })).toEqual([
      { url: 'https://www.acme-homes.nl/huur/', label: 'list', userData: { type: 'rent' } },
    ])
  })

  it('names a typo’d key with its line', () => {
    const text = GOOD_SITE_FILE.replace('politeness:', 'politenes:')
    // The missing key belongs to the whole file, so its line is the file's first.
    expect(errorOf(text).message).toBe(
      'sources/acme-homes/source.yml:1: politeness: missing; sources/acme-homes/source.yml:7: politenes: unknown key',
    )
  })

  it('names a typo’d key among the preset’s options with its line', () => {
    const text = GOOD_SITE_FILE.replace('    city: .city', '    cty: .city')
    expect(errorOf(text).message).toBe(
      'sources/acme-homes/source.yml:17: options.fields.city: missing; sources/acme-homes/source.yml:19: options.fields.cty: unknown key',
    )
  })

  it('names an unknown preset and lists the known ones', () => {
    expect(errorOf(GOOD_SITE_FILE.replace('preset: html-cards', 'preset: htm-cards')).message).toBe(
      'sources/acme-homes/source.yml:5: preset: unknown preset "htm-cards"; known: html-cards, json-cards, ogonline, realworks, woningnet-dak, wordpress, zig',
    )
  })

  it('names a value of the wrong type or out of bounds', () => {
    expect(errorOf(GOOD_SITE_FILE.replace('interval: 2000', 'interval: fast')).message).toBe(
      'sources/acme-homes/source.yml:10: politeness.interval: "fast" is not a number',
    )
    expect(errorOf(GOOD_SITE_FILE.replace('interval: 2000', 'interval: 100')).message).toBe(
      'sources/acme-homes/source.yml:10: politeness.interval: 100 must be at least 500',
    )
    expect(errorOf(GOOD_SITE_FILE.replace('offers: [rent]', 'offers: [huur]')).message).toBe(
      'sources/acme-homes/source.yml:6: offers.0: "huur" is not one of rent, buy',
    )
  })

  it('must say how the preset was checked against the site, and names a bad evidence with its line', () => {
    const unsaid = GOOD_SITE_FILE.slice(0, GOOD_SITE_FILE.indexOf('evidence:'))
    expect(errorOf(unsaid).message).toBe('sources/acme-homes/source.yml:1: evidence: missing')
    expect(errorOf(GOOD_SITE_FILE.replace('recorded: 2026-09-24', 'recorded: 24-09-2026')).message).toBe(
      'sources/acme-homes/source.yml:25: evidence.recorded: must be a past date as yyyy-mm-dd, or yyyy-mm or yyyy when no more is known',
    )
    expect(errorOf(GOOD_SITE_FILE.replace('kind: recorded', 'kind: seen')).message).toBe(
      'sources/acme-homes/source.yml:22: evidence.kind: "seen" is not one of recorded, platform-format, none',
    )
  })

  it('must sit in the folder its id names', () => {
    expect(errorOf(GOOD_SITE_FILE, 'acme').message).toBe(
      'sources/acme/source.yml:1: id: "acme-homes" must equal the folder name "acme"',
    )
  })

  it('names a selector cheerio cannot read, and a YAML syntax error, with their lines', () => {
    expect(errorOf(GOOD_SITE_FILE.replace('card: li.home', 'card: li[data-id')).message).toBe(
      'sources/acme-homes/source.yml:16: options.card: is not a CSS selector',
    )
    expect(errorOf(GOOD_SITE_FILE.replace('terms: unknown', 'terms: unknown\nterms: allows')).message).toBe(
      'sources/acme-homes/source.yml:12: (file): Map keys must be unique',
    )
  })
})
