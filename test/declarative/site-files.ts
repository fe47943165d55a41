import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** A site file every check passes, on `html-cards`; tests break one line of it at a time. */
export const GOOD_SITE_FILE = `id: acme-homes
name: Acme Homes
homepage: https://www.acme-homes.nl/
description: A letting agent with its own site.
preset: html-cards
offers: [rent]
politeness:
  concurrency: 1
  intervalCap: 1
  interval: 2000
terms: unknown
termsNote: The site says nothing about automated collection.
options:
  lists:
    rent: https://www.acme-homes.nl/huur/
  card: li.home
  fields:
    price: .price
    city: .city
    address: .address
evidence:
  kind: recorded
  fixture: list-huur.html
  url: https://www.acme-homes.nl/huur/
  recorded: 2026-09-24
  licence: the site's content
`

/** Writes `text` as `sources/<folder>/source.yml` under `root`; returns the sources folder. */
export function writeSiteFile(root: string, folder: string, text: string): string {
  const sources = join(root, 'sources')
  mkdirSync(join(sources, folder), { recursive: true })
  writeFileSync(join(sources, folder, 'source.yml'), text)
  return sources
}
