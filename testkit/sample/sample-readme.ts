/** The figures of one build, for the README. */
export interface SampleCounts {
  readonly pararius: number
  readonly fundaSales: number
  readonly fundaRentals: number
  readonly huurwoningen: number
  readonly kamernet: number
  readonly verra: number
  /** Of Verra's rentals, those that are Pararius homes. */
  readonly verraShared: number
  readonly verraCities: readonly string[]
  readonly plaza: number
  readonly plazaShared: number
  readonly plazaCities: readonly string[]
  readonly feed: number
  readonly feedRejects: number
  readonly homes: number
  readonly pages: number
  readonly bag: Readonly<Record<string, number>>
}

/** "A, B and C". */
const names = (cities: readonly string[]) =>
  cities.length < 2 ? cities.join('') : `${cities.slice(0, -1).join(', ')} and ${cities.at(-1)}`

/** `data/sample/README.md`: what the sample holds, what in it is real and what was generated. Written by the builder. */
export function sampleReadme(c: SampleCounts): string {
  return `# The bundled sample

Built by \`npm run build-sample\` (\`scripts/build-sample.ts\`); do not edit by hand. \`npx propdata ingest --sample\` (and
\`npm start\`) replays it through the real fetch and parse path, offline: the archive answers the same requests the
adapters make live, and the BAG extract is imported first when the database has none.

| file | what |
|---|---|
| \`archive.warc.gz\` (+ \`.cdxj\` index) | ${c.pages} recorded exchanges: robots.txt, search pages, detail pages and JSON responses of six sites |
| \`feed/partner-feed.csv\` | a partner's listing file, read as \`--feed\` |
| \`bag/lvbag-extract-sample.zip\` | a BAG 2.0 extract in the national zip-of-zips layout: ${c.bag.VBO ?? 0} verblijfsobjecten, ${c.bag.NUM ?? 0} nummeraanduidingen, ${c.bag.PND ?? 0} panden, ${c.bag.OPR ?? 0} streets |
| \`manifest.json\` | which sources, cities and files the sample run uses |

## What is in it

| source | listings | format | where the listings come from |
|---|---|---|---|
| pararius | ${c.pararius} rentals, 50 in each of 6 cities | pararius.com search and detail pages | real: the Pararius dataset (pararius.com, 2024-10-20, MIT) |
| funda | ${c.fundaSales} for sale + ${c.fundaRentals} for rent | Funda search and detail pages with the \`__NUXT_DATA__\` state | sale: real Amsterdam 2021 and Utrecht 2016 listings; rent: ${c.fundaRentals} of the Pararius homes |
| huurwoningen | ${c.huurwoningen} rentals | Huurwoningen search cards | ${c.huurwoningen} of the Pararius homes |
| kamernet | ${c.kamernet} rooms and small flats | the findlistings JSON (POST) | real rows of the Pararius dataset that the Pararius part does not use |
| verra-makelaars | ${c.verra} rentals in ${names(c.verraCities)} | OGonline's whole-offer JSON array, one request | ${c.verraShared} of the Pararius homes; the rest real rows of the Pararius dataset no other part uses |
| plaza | ${c.plaza} rooms and flats up to 50 m² in ${names(c.plazaCities)} | Zig's getallobjects JSON, one request | ${c.plazaShared} of the Pararius homes; the rest real rows of the Pararius dataset no other part uses |
| feed | ${c.feed} rows + ${c.feedRejects} bad ones | CSV with a header | Funda homes (sale and rent), house numbers printed the partner's way |

${c.homes} distinct homes. Homes on more than one source: every Huurwoningen listing is a Pararius home; ${c.fundaRentals}
Pararius homes are on Funda too (10 of them also on Huurwoningen), ${c.verraShared} on Verra and ${c.plazaShared} on Plaza
(where the BAG leaves a bare number ambiguous, the run keeps them apart); the feed repeats Funda homes, printing
\`8 2\` as \`8-2\`, \`13 H\` as \`13hs\`, \`11 A\` as \`11a\`, and now and then leaving the addition out.

## Real and generated

**Real** (from \`data/evaldata/\`, with its provenance in \`data/evaldata/PROVENANCE.md\`):
- Pararius and Kamernet: the listing URL and id, street (from the URL slug), postcode and neighbourhood, rent,
  living area, rooms, interior, year built and energy label, as pararius.com showed them on 2024-10-20. Verra's
  and Plaza's homes that are not Pararius homes: the same facts of rows no other part uses (not their URL or id).
- Funda sales, Amsterdam: street, house number with its real addition (\`8 2\`, \`13 H\`, \`134 I\`), postcode, asking
  price, living area and rooms (August 2021).
- Funda sales, Utrecht: street (the full name from the URL slug where the column is cut off), house number and
  addition, postcode, asking price, living area, rooms, year built and energy label (2016).
- The page and JSON formats: modelled on real pages recorded in 2024 and 2026 (\`sources/*/fixtures/\`).

**Generated** (seeded, so every build is the same):
- The BAG: every object, id and geometry. Amsterdam and Utrecht homes sit at their real addresses; Pararius,
  Huurwoningen and Kamernet homes (whose sites hide the number) get a free number at their real postcode. Around
  each home the extract has neighbours: other numbers on the street, now and then a flat of the same size (so a
  listing without a number is sometimes ambiguous), and other flats at the same number when the home has an
  addition (so a bare number is ambiguous). Building years where the data has none; BAG areas a little above
  the listed living area.
- Funda: global and tiny ids, URLs in the current form, listing dates, the Amsterdam homes' kind (flat or house).
  Funda rentals reuse a Pararius home and its rent.
- Huurwoningen: listing ids and URLs; the service costs in the price-transparency badge.
- Verra (OGonline) and Plaza (Zig): object ids, URLs, the kind of home as the site words it, photo paths;
  Plaza's service costs (its \`netRent\` is the rent less them). Neither carries coordinates.
- Kamernet: listing ids. Kamernet shows no house number or postcode, so its listings never resolve to the BAG.
- The feed: ids, URLs and the partner's spelling of house numbers; two rows it gets wrong (a price "op aanvraag",
  a missing postcode and city), which the run rejects.
- Listing dates: spread over the weeks before the recording date (2026-11-19); the datasets' own dates are years old.
- robots.txt files: short ones written for the sample.
`
}
