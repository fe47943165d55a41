/** A home in the bundled sample: where the BAG puts it and what it is. */
export interface SampleHome {
  /** BAG verblijfsobject id. */
  readonly vboId: string
  readonly numId: string
  /** The city as listing sites print it ("Den Haag"). */
  readonly city: string
  readonly gemeente: string
  readonly street: string
  /** "1012ES". */
  readonly postcode: string
  readonly huisnummer: number
  readonly huisletter: string | null
  readonly toevoeging: string | null
  /** Living area as listed (m²). */
  readonly area: number
  /** BAG gebruiksoppervlakte (m²): a little above the listed living area, as in reality. */
  readonly bagArea: number
  readonly yearBuilt: number | null
  readonly energyLabel: string | null
  readonly dwelling: 'apartment' | 'house' | 'room'
  readonly district: string | null
  /** The house number as the home's own data source printed it ("8 2", "13 H", "100 GA"), when it had one. */
  readonly printedNumber?: string
}

/** One listing of a home on one source; the same home may have an offer on several sources. */
export interface SampleOffer {
  readonly home: SampleHome
  readonly type: 'rent' | 'buy'
  /** EUR (per month for rent); null when the price is on request. */
  readonly price: number | null
  readonly rooms: number | null
  readonly listedAt: string | null
  /** The photo count a search card shows; absent, the card shows none (as the sample's cards). */
  readonly photos?: number
  /** The description a detail page shows; absent, the writer's own sentence. */
  readonly description?: string
  /** Source-specific fields (URLs, ids, texts as the site prints them). */
  readonly pararius?: { readonly url: string; readonly id: string; readonly interior: string | null }
  readonly funda?: { readonly url: string; readonly globalId: number; readonly tinyId: string }
  readonly huurwoningen?: { readonly url: string; readonly id: string; readonly serviceCosts: number | null }
  readonly kamernet?: { readonly listingId: number; readonly listingType: 1 | 2 | 4 }
  readonly feed?: { readonly id: string; readonly url: string; readonly printedNumber: string }
  /** An estate agent's site on OGonline: the 24-hex object id, the listing's path and its kind ("Bovenwoning"). */
  readonly ogonline?: { readonly objectId: string; readonly path: string; readonly kind: string }
  /** A Zig housing portal: the object id, its `urlKey` and the service costs on top of the basic rent. */
  readonly zig?: { readonly id: string; readonly urlKey: string; readonly serviceCosts: number }
}

/** The BAG facts of one city in the sample: gemeente code and woonplaats. */
export interface SampleCity {
  readonly name: string
  /** The BAG woonplaats name ("'s-Gravenhage" for Den Haag). */
  readonly woonplaats: string
  readonly woonplaatsId: string
  readonly gemeente: string
  /** The listing sites' city slug. */
  readonly slug: string
}

/** The sample's cities, with their real gemeente codes. Woonplaats ids are real where known to us. */
export const SAMPLE_CITIES: readonly SampleCity[] = [
  { name: 'Amsterdam', woonplaats: 'Amsterdam', woonplaatsId: '3594', gemeente: '0363', slug: 'amsterdam' },
  { name: 'Rotterdam', woonplaats: 'Rotterdam', woonplaatsId: '3086', gemeente: '0599', slug: 'rotterdam' },
  { name: 'Den Haag', woonplaats: "'s-Gravenhage", woonplaatsId: '1245', gemeente: '0518', slug: 'den-haag' },
  { name: 'Utrecht', woonplaats: 'Utrecht', woonplaatsId: '3295', gemeente: '0344', slug: 'utrecht' },
  { name: 'Eindhoven', woonplaats: 'Eindhoven', woonplaatsId: '2656', gemeente: '0772', slug: 'eindhoven' },
  { name: 'Groningen', woonplaats: 'Groningen', woonplaatsId: '3386', gemeente: '0014', slug: 'groningen' },
]

/** A sample city by name. */
export const sampleCity = (name: string): SampleCity => {
  const city = SAMPLE_CITIES.find((c) => c.name === name)
  if (!city) throw new Error(`Not a sample city: ${name}`)
  return city
}

/** A page as the site served it (the request too, for POST searches). */
export interface SamplePage {
  readonly url: string
  readonly body: string
  readonly contentType: string
  readonly method?: 'GET' | 'POST'
  readonly requestBody?: string
}

/** "2026-11-19" minus `days` days, as an ISO date: listing dates spread over the weeks before the recording. */
export const daysBefore = (isoDate: string, days: number): string =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10)

/** Newest listing first, as the sites sort by default. */
export const newestFirst = (offers: readonly SampleOffer[]): SampleOffer[] =>
  [...offers].sort((a, b) => (b.listedAt ?? '').localeCompare(a.listedAt ?? ''))
