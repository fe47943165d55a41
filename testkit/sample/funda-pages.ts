import { RESULTS_PER_PAGE, searchUrl } from '../../sources/funda/funda-url.js'
import { displayPostcode } from '../../src/normalise/index.js'
import { printNumber } from './funda-homes.js'
import { esc, scriptJson } from './html.js'
import { nuxtDataScript, Reactive, Ref, ShallowReactive } from './nuxt-data.js'
import type { SampleCity, SampleOffer, SamplePage } from './sample-home.js'
import { badgeOf } from './volatile-card.js'

/** Funda prints euros the Dutch way: "€ 450.000". */
const euro = (amount: number) => `€ ${amount.toLocaleString('nl-NL')}`
/** The address as Funda titles it: the street and the number with its addition ("Blasiusstraat 8 2"). */
const title = (o: SampleOffer) => `${o.home.street} ${o.home.printedNumber ?? printNumber(o.home)}`
const provinces: Readonly<Record<string, string>> = {
  Amsterdam: 'Noord-Holland',
  Rotterdam: 'Zuid-Holland',
  'Den Haag': 'Zuid-Holland',
  Utrecht: 'Utrecht',
  Eindhoven: 'Noord-Brabant',
  Groningen: 'Groningen',
}
const html = 'text/html; charset=utf-8'

/** The price as Funda prints it on a detail page and in its state. */
function priceTexts(o: SampleOffer) {
  if (o.price === null) return { short: 'Prijs op aanvraag', long: 'Prijs op aanvraag' }
  return o.type === 'rent'
    ? { short: `${euro(o.price)} /mnd`, long: `${euro(o.price)} per maand (servicekosten onbekend)` }
    : { short: `${euro(o.price)} k.k.`, long: `${euro(o.price)} kosten koper` }
}

/** A kenmerk as `features[]` holds it. */
const kenmerk = (id: string, label: string, value: string) => ({
  Id: id,
  Label: label,
  Value: value,
  LabelStyle: 'None',
  KenmerkenList: [],
})

/** The kenmerken groups of a detail page; a fact the data does not have is left out, as Funda leaves it out. */
function features(o: SampleOffer) {
  const { home } = o
  const groups = [
    {
      Id: 'overdracht',
      Title: 'Overdracht',
      KenmerkenList: [
        kenmerk(
          `overdracht-${o.type === 'rent' ? 'huurprijs' : 'vraagprijs'}`,
          o.type === 'rent' ? 'Huurprijs' : 'Vraagprijs',
          priceTexts(o).long,
        ),
        kenmerk('overdracht-status', 'Status', 'Beschikbaar'),
      ],
    },
    {
      Id: 'bouw',
      Title: 'Bouw',
      KenmerkenList: [
        kenmerk(
          'bouw-soortobject',
          home.dwelling === 'house' ? 'Soort woonhuis' : 'Soort appartement',
          home.dwelling === 'house' ? 'Eengezinswoning' : 'Bovenwoning',
        ),
        ...(home.yearBuilt ? [kenmerk('bouw-bouwjaar', 'Bouwjaar', String(home.yearBuilt))] : []),
      ],
    },
    {
      Id: 'afmetingen',
      Title: 'Oppervlakten en inhoud',
      KenmerkenList: [kenmerk('afmetingen-wonen', 'Wonen', `${home.area} m²`)],
    },
    {
      Id: 'indeling',
      Title: 'Indeling',
      KenmerkenList: o.rooms
        ? [
            kenmerk(
              'indeling-totalrooms',
              'Aantal kamers',
              `${o.rooms} ${o.rooms === 1 ? 'kamer' : 'kamers'}`,
            ),
          ]
        : [],
    },
    {
      Id: 'energie',
      Title: 'Energie',
      KenmerkenList: [
        kenmerk('energie-energielabel', 'Energielabel', home.energyLabel ?? 'Niet beschikbaar'),
      ],
    },
  ]
  return groups.map((g, i) => ({ Index: i + 1, ...g }))
}

/**
 * A Funda detail page in the structure of the real one recorded on 2026-09-24 (`sources/funda/fixtures/`): the
 * Product JSON-LD, the address block and kenmerken in the markup, and the listing in the Nuxt state under
 * `data["cachedListingData_nl_<tinyId>"]`; navigation, images and footer are left out.
 */
export function fundaDetailPage(o: SampleOffer): SamplePage {
  const f = o.funda
  if (!f) throw new Error('not a Funda offer')
  const { home } = o
  const kind = home.dwelling === 'house' ? 'Huis' : 'Appartement'
  const path = new URL(f.url).pathname
  const listing = {
    globalId: f.globalId,
    objectType: home.dwelling === 'house' ? 'House' : 'Apartment',
    offeringType: o.type === 'rent' ? 'Rental' : 'Sale',
    labels: [],
    address: {
      addressTitle: title(o),
      addressSubtitle: `${displayPostcode(home.postcode)} ${home.city}`,
      city: home.city,
      postcode: home.postcode,
      houseNumber: String(home.huisnummer),
      province: provinces[home.city] ?? null,
      country: 'Nederland',
      isInternational: false,
    },
    price: {
      [o.type === 'rent' ? 'rentalPrice' : 'sellingPrice']: priceTexts(o).short,
      isAuction: false,
      numericPrice: o.price ?? 0,
    },
    isSoldOrRented: false,
    featuresFastView: { livingArea: `${home.area} m²` },
    canonicalUrl: f.url,
    features: features(o),
    publicationDate: `${o.listedAt}T00:00:00`,
    friendlyUrlSlug: path,
  }
  const state = new ShallowReactive({
    data: new ShallowReactive({ [`cachedListingData_nl_${f.tinyId}`]: listing }),
    state: new Reactive({ $sfeatureToggles: {}, $sindexVisited: true }),
    once: new Set(),
    _errors: new ShallowReactive({ [`cachedListingData_nl_${f.tinyId}`]: undefined }),
    serverRendered: true,
    path,
  })
  const jsonLd = {
    '@context': 'http://schema.org/',
    '@type': [kind === 'Huis' ? 'Huis' : 'Appartement', 'Product'],
    url: f.url,
    name: title(o),
    description:
      o.description ??
      `${kind} ${o.type === 'rent' ? 'te huur' : 'te koop'}: ${title(o)} ${displayPostcode(home.postcode)} ${home.city} [funda]`,
    address: {
      '@type': 'PostalAddress',
      streetAddress: title(o),
      addressLocality: home.city,
      addressRegion: provinces[home.city],
    },
    offers: { '@type': 'Offer', priceCurrency: 'EUR', price: o.price ?? undefined },
  }
  const rows = features(o)
    .flatMap((g) => g.KenmerkenList)
    .map((k) => `<dt>${esc(k.Label)}</dt><dd><span>${esc(k.Value)}</span></dd>`)
    .join('')
  const body = `<!DOCTYPE html><html dir="ltr" lang="nl-NL"><head><meta charset="utf-8"><title>${kind} ${o.type === 'rent' ? 'te huur' : 'te koop'}: ${esc(title(o))} ${displayPostcode(home.postcode)} ${esc(home.city)} | Funda</title>
<script type="application/ld+json">${scriptJson(jsonLd)}</script></head><body><div id="__nuxt"><main id="main-content"><div friendly-url-slug="${esc(path)}" tiny-id="${f.tinyId}">
<div class="relative flex justify-between" city="${esc(home.city)}" postcode="${home.postcode}" housenumber="${home.huisnummer}"><h1 data-global-id="${f.globalId}"><span class="block text-2xl font-bold">${esc(title(o))}</span><span class="text-neutral-40">${displayPostcode(home.postcode)} ${esc(home.city)}</span></h1></div>
<div class="flex flex-col font-bold text-xl"><div>${esc(priceTexts(o).short)}</div></div>
<section id="features"><h2>Kenmerken</h2><dl>${rows}</dl></section></div></main></div>
${nuxtDataScript(state)}</body></html>
`
  return { url: f.url, body, contentType: html }
}

/** The products every recorded listing of the search state is entitled to, in the recorded order. */
const ENTITLEMENTS = [
  'agent_name',
  'agent_profile_link',
  'all_characteristics',
  'has_multiple_pictures',
  'medium_photo',
  'multiple_pictures',
  'publication',
  'ranking_position_c',
  'saved_search_email_photo',
  'viewing_planner',
]

/** The photos of a listing as the search state names them (`tiara-media/{listing}/{photo}`); a few when uncounted. */
function photoIds(o: SampleOffer): string[] {
  const listing = `${o.funda!.globalId}`.padStart(12, '0')
  return Array.from(
    { length: o.photos ?? 4 },
    (_, i) => `tiara-media/00000000-0000-4000-8000-${listing}/${String(i + 1).padStart(12, '0')}`,
  )
}

/**
 * One result of `pinia.search.listings[]` as served on `day`, with the fields the real search state carries: the
 * listing's facts, and beside them its photos and the products the agent paid for, a top position on some days
 * (see `volatile-card.ts`).
 */
function searchListing(o: SampleOffer, day: string) {
  const { home } = o
  const featured = badgeOf(o.funda!.tinyId, o.listedAt, day) === 'featured'
  const suffix = (home.printedNumber ?? printNumber(home)).replace(/^\d+\s*[-/]?\s*/, '')
  return {
    id: o.funda!.globalId,
    object_detail_page_relative_url: new URL(o.funda!.url).pathname,
    status: 'available',
    offering_type: [o.type],
    object_type: home.dwelling === 'house' ? 'house' : 'apartment',
    construction_type: 'resale',
    address: {
      country: 'NL',
      province: provinces[home.city],
      city: home.city,
      municipality: home.city,
      street_name: home.street,
      house_number: String(home.huisnummer),
      ...(suffix ? { house_number_suffix: suffix } : {}),
      postal_code: home.postcode,
      is_bag_address: true,
    },
    price:
      o.type === 'rent'
        ? { rent_price: [o.price], rent_price_condition: 'per_month', rent_price_type: 'regular' }
        : {
            selling_price: [o.price],
            selling_price_condition: 'kosten_koper',
            selling_price_type: 'regular',
          },
    floor_area: [home.area],
    floor_area_range: { gte: home.area, lte: home.area },
    number_of_rooms: o.rooms ?? undefined,
    energy_label: home.energyLabel ?? 'unknown',
    publish_date: `${o.listedAt}T09:00:00+01:00`,
    photo_image_id: photoIds(o),
    product_entitlement: featured ? [...ENTITLEMENTS, 'top_position'] : ENTITLEMENTS,
  }
}

/**
 * Funda search pages (`/zoeken/{koop|huur}?selected_area=["city"]…&search_result=N`), 15 results each, in the
 * structure of the real one, as served on `day` (ISO date): the ItemList JSON-LD in the head, `pinia.search` in the
 * Nuxt state. A city without offers gets one page that says so (`totalListingsCount: 0`), as Funda answers.
 */
export function fundaSearchPages(
  offers: readonly SampleOffer[],
  type: 'rent' | 'buy',
  city: SampleCity,
  day: string,
): SamplePage[] {
  const pages: SamplePage[] = []
  const count = Math.max(1, Math.ceil(offers.length / RESULTS_PER_PAGE))
  for (let p = 1; p <= count; p++) {
    const url = searchUrl(type, city.slug, p)
    const shown = offers.slice((p - 1) * RESULTS_PER_PAGE, p * RESULTS_PER_PAGE)
    const itemList = {
      '@context': 'https://schema.org',
      '@type': ['ItemList', 'WebPage'],
      name: `${type === 'rent' ? 'Huurwoningen' : 'Koopwoningen'} ${city.name} | Funda`,
      url,
      itemListElement: shown.map((o, i) => ({ '@type': 'ListItem', position: i + 1, url: o.funda!.url })),
    }
    const path = new URL(url).pathname + new URL(url).search
    const state = new ShallowReactive({
      data: new ShallowReactive({ fetchListings: true }),
      state: new Reactive({}),
      once: new Set(),
      _errors: new ShallowReactive({ fetchListings: undefined }),
      serverRendered: true,
      path,
      pinia: new Reactive({
        app: { isNvmOpenHouseDayEnabled: new Ref(true) },
        search: {
          criteria: new Ref(new Reactive({ selected_area: [city.slug], offering_type: type, page: p })),
          listings: new Ref(new Reactive(shown.map((o) => searchListing(o, day)))),
          totalListingsCount: new Ref(offers.length),
        },
      }),
    })
    const body = `<!DOCTYPE html><html dir="ltr" lang="nl-NL"><head><meta charset="utf-8"><title>${type === 'rent' ? 'Huurwoningen' : 'Koopwoningen'} ${esc(city.name)} | Funda</title>
<script type="application/ld+json" data-hid="result-list-metadata">${scriptJson(itemList)}</script></head><body><div id="__nuxt"><main id="main-content"><h1>${offers.length} ${type === 'rent' ? 'huurwoningen' : 'koopwoningen'} in ${esc(city.name)}</h1></main></div>
${nuxtDataScript(state)}</body></html>
`
    pages.push({ url, body, contentType: html })
  }
  return pages
}
