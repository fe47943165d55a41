import { displayPostcode } from '../../src/normalise/index.js'
import { esc, scriptJson } from './html.js'
import type { SampleCity, SampleHome, SampleOffer, SamplePage } from './sample-home.js'
import { ageInWords, badgeOf, type CardLanguage, photoUrl } from './volatile-card.js'

const ORIGIN = 'https://www.pararius.com'
const CARDS_PER_PAGE = 30

/** pararius.com prints amounts the English way: "€1,240". */
const euro = (amount: number) => `€${amount.toLocaleString('en-US')}`

const TYPE_WORD = { apartment: 'Flat', house: 'House', room: 'Room' } as const

/** The photo count under a card's features, when the offer has one (the platform's cards of both sites). */
export const photoCount = (offer: SampleOffer): string =>
  offer.photos === undefined ? '' : `<div class="listing-search-item__photo-count">${offer.photos}</div>`

const BADGE_WORDS = {
  new: { nl: 'Nieuw', en: 'New' },
  featured: { nl: 'Uitgelicht', en: 'Featured' },
} as const

/**
 * What a Treehouse search card (Pararius, Huurwoningen) carries beside the listing's facts, in the markup of the
 * recorded cards: the label above the photo ("Onder optie" on the recorded page; here the badges that come and go),
 * the photo with its signed URL, and the title's position id; the listing's age goes in the info line under the
 * features. See `volatile-card.ts`.
 */
export function treehouseCardParts(
  offer: SampleOffer,
  card: { readonly id: string; readonly path: string; readonly title: string },
  position: number,
  day: string,
  language: CardLanguage,
) {
  const badge = badgeOf(card.id, offer.listedAt, day)
  const label = badge
    ? `<div class="listing-search-item__label"><span class="listing-label listing-label--${badge}">${BADGE_WORDS[badge][language]}</span></div>\n`
    : ''
  const alt = `${card.title} in ${offer.home.city}`
  const depiction = `<div class="listing-search-item__depiction"><a class="listing-search-item__link listing-search-item__link--depiction" href="${esc(card.path)}" aria-label="${esc(card.title)}"><wc-picture class="picture picture--landscape picture--cover picture--list"><picture><img class="picture__image" alt="${esc(alt)}" src="${esc(photoUrl(card.id, 1, day))}" width="100%" height="100%"></picture></wc-picture></a></div>`
  return {
    head: `${label}${depiction}`,
    titleId: `listing-title-${position}`,
    info: `<div class="listing-search-item__info"><span class="listing-search-item__date">${ageInWords(offer.listedAt, day, language)}</span></div>`,
  }
}

/** A search card's line under the title on the Treehouse sites: "1071 KB Amsterdam (Museumkwartier)". */
export const searchCardSubTitle = (home: SampleHome) =>
  `<div class="listing-search-item__sub-title">${displayPostcode(home.postcode)} ${esc(home.city)}${home.district ? ` (${esc(home.district)})` : ''}</div>`

/**
 * The share of Pararius listings whose page gives the house number: 19 of the 23 cards of a real search page recorded
 * on 2026-09-24 show it in their title, and a real detail page of that day gives it in its JSON-LD
 * (`"streetAddress":"Kruisstraat 46"`; `sources/pararius/fixtures/PROVENANCE.md`). Pages recorded in 2024 gave none.
 */
const SHOWS_NUMBER_SHARE = 19 / 23

/**
 * Whether a Pararius page of `home` shows its house number: whoever lets it decides, so it is read off the home (a
 * hash of its BAG id), the same for every listing of it, a relisting too, and no generator's random draws move.
 */
export function showsHouseNumber(home: SampleHome): boolean {
  // FNV-1a: sample homes have consecutive ids, whose digits alone would not spread.
  let hash = 0x811c9dc5
  for (const char of home.vboId) hash = Math.imul(hash ^ char.charCodeAt(0), 0x0100_0193) >>> 0
  return hash / 0x1_0000_0000 < SHOWS_NUMBER_SHARE
}

/** The street as a Pararius page gives it: with the number where it shows one, printed its way ("Oostsingel 178 G"). */
function streetOnPage(home: SampleHome, showsNumber: boolean): string {
  if (!showsNumber) return home.street
  const parts = [home.huisnummer, home.huisletter, home.toevoeging].filter((part) => part !== null)
  return `${home.street} ${parts.join(' ')}`
}

/**
 * Pararius detail pages in the markup of the real pages recorded from pararius.com on 2024-11-02
 * (`sources/pararius/fixtures/`): title, location, price summary, the `dl.listing-features` rows, breadcrumbs and
 * the House/Product JSON-LD block; scripts, styles, ads and navigation are left out. Where the listing shows its
 * house number (`shows`, by default {@link showsHouseNumber}), the JSON-LD and the title give it, as 2026 pages do.
 */
export function parariusDetailPage(
  offer: SampleOffer,
  city: SampleCity,
  shows: (home: SampleHome) => boolean = showsHouseNumber,
): SamplePage {
  const { home, pararius } = offer
  if (!pararius) throw new Error('not a Pararius offer')
  const word = TYPE_WORD[home.dwelling]
  const street = streetOnPage(home, shows(home))
  const pc = displayPostcode(home.postcode)
  const priceText = offer.price === null ? 'Price on request' : `${euro(offer.price)} per month`
  const [yyyy, mm, dd] = (offer.listedAt ?? '2026-11-01').split('-')
  const features: [string, string, string][] = [
    ['Rental price', 'for_rent_price', priceText],
    ['Offered since', 'offered_since', `${dd}-${mm}-${yyyy}`],
    ['Status', 'status', 'For rent'],
    ['Available', 'acceptance', 'Immediately'],
    ['Interior', 'interior', pararius.interior ?? ''],
    ['Living area', 'surface_area', `${home.area} m²`],
    ['Type of house', 'dwelling_type', word],
    ['Year of construction', 'construction_period', home.yearBuilt ? String(home.yearBuilt) : ''],
    ['Number of rooms', 'number_of_rooms', offer.rooms ? String(offer.rooms) : ''],
    ['Energy rating', 'energy_label', home.energyLabel ?? ''],
  ]
  const jsonLd = {
    '@context': 'http://schema.org/',
    '@type': ['House', 'Product'],
    '@id': pararius.url,
    name: street,
    description:
      offer.description ??
      `${word} for rent in ${home.city}${home.district ? ` in the ${home.district} district` : ''}.`,
    address: {
      '@type': 'PostalAddress',
      streetAddress: street,
      addressLocality: home.city,
      addressRegion: home.district,
      postalCode: home.postcode,
    },
    numberOfRooms: offer.rooms
      ? [{ '@type': 'QuantitativeValue', value: offer.rooms, unitText: 'room' }]
      : [],
    floorSize: { '@type': 'QuantitativeValue', value: home.area, unitText: 'MTK' },
    offers: {
      '@type': 'Offer',
      businessFunction: 'sell',
      ...(offer.price === null ? {} : { price: offer.price.toFixed(2) }),
      priceCurrency: 'EUR',
      validFrom: offer.listedAt,
      url: pararius.url,
      availability: 'http://schema.org/LimitedAvailability',
    },
  }
  const body = `<!DOCTYPE html>
<html lang="en"><head>
<title>${esc(word)} for rent: ${esc(home.street)}, ${esc(home.city)}${offer.price === null ? '' : ` for ${euro(offer.price)}`}</title>
<meta charset="UTF-8">
<meta name="robots" content="index,follow">
<link rel="alternate" hreflang="en" href="${esc(pararius.url)}">
<link rel="canonical" href="${esc(pararius.url)}">
<script type="application/ld+json">${scriptJson(jsonLd)}</script>
</head><body class="page">
<main role="main" class="page__main">
<div class="page__row page__row--breadcrumbs"><ol class="breadcrumbs">
<li class="breadcrumbs__item"><a href="/apartments/nederland" class="breadcrumbs__link">Rent</a></li>
<li class="breadcrumbs__item"><a href="/apartments/${city.slug}" class="breadcrumbs__link">${esc(home.city)}</a></li>
<li class="breadcrumbs__item">${esc(home.street)}</li>
</ol></div>
<section class="page__details page__details--summary">
<div class="listing-detail-summary"><div class="listing-detail-summary__primary-information">
<h1 class="listing-detail-summary__title">For rent: ${esc(word)} ${esc(street)} in ${esc(home.city)}</h1>
<div class="listing-detail-summary__location">${pc}${home.district ? ` (${esc(home.district)})` : ''}</div>
<div class="listing-detail-summary__price"><span class="listing-detail-summary__price-main">${offer.price === null ? 'Price on request' : euro(offer.price)}${offer.price === null ? '' : '<span class="listing-detail-summary__price-postfix">per month</span>'}</span></div>
</div></div>
</section>
<div class="listing-main-information__description"><div class="listing-detail-description"><div class="listing-detail-description__content">
<h2 class="listing-detail-description__title">Description</h2>
<p>${esc(jsonLd.description)}</p>
</div></div></div>
<section class="page__details page__details--features">
<h2 class="page__heading page__heading--sub">Transfer</h2>
<div class="listing-features"><dl class="listing-features__list">
${features
  .filter(([, , value]) => value !== '')
  .map(
    ([term, modifier, value]) =>
      `<dt class="listing-features__term">${term}</dt>\n<dd class="listing-features__description listing-features__description--${modifier}"><span class="listing-features__main-description">${esc(value)}</span></dd>`,
  )
  .join('\n')}
</dl></div>
</section>
</main></body></html>
`
  return { url: pararius.url, body, contentType: 'text/html; charset=UTF-8' }
}

/**
 * Search result pages (`/apartments/{city}`, `/page-2`, …) with the real card markup and pagination, as served on
 * `day` (ISO date): the cards' badges, photo URLs and ages are that day's.
 */
export function parariusSearchPages(
  offers: readonly SampleOffer[],
  city: SampleCity,
  day: string,
): SamplePage[] {
  const pages: SamplePage[] = []
  const count = Math.max(1, Math.ceil(offers.length / CARDS_PER_PAGE))
  for (let p = 1; p <= count; p++) {
    const url = p === 1 ? `${ORIGIN}/apartments/${city.slug}` : `${ORIGIN}/apartments/${city.slug}/page-${p}`
    const cards = offers.slice((p - 1) * CARDS_PER_PAGE, p * CARDS_PER_PAGE).map((offer, i) => {
      const { home, pararius } = offer
      const path = new URL(pararius!.url).pathname
      const title = `${TYPE_WORD[home.dwelling]} ${home.street}`
      const parts = treehouseCardParts(offer, { id: pararius!.id, path, title }, i + 1, day, 'en')
      return `<section class="listing-search-item listing-search-item--list listing-search-item--for-rent" data-listing-search-item-id="${pararius!.id}">
${parts.head}
<div class="listing-search-item__content">
<h2 class="listing-search-item__title" id="${parts.titleId}"><a class="listing-search-item__link listing-search-item__link--title" href="${esc(path)}">${esc(title)}</a></h2>
${searchCardSubTitle(home)}
<div class="listing-search-item__price">${offer.price === null ? 'Price on request' : `${euro(offer.price)} per month`}</div>
<div class="listing-search-item__features"><ul class="illustrated-features illustrated-features--compact">
<li class="illustrated-features__item illustrated-features__item--surface-area">${home.area} m²</li>
${offer.rooms ? `<li class="illustrated-features__item illustrated-features__item--number-of-rooms">${offer.rooms} rooms</li>` : ''}
</ul></div>${photoCount(offer)}
${parts.info}
</div></section>`
    })
    const next =
      p < count
        ? `<li class="pagination__item pagination__item--next"><a class="pagination__link pagination__link--next" href="/apartments/${city.slug}/page-${p + 1}">Next</a></li>`
        : ''
    const body = `<!DOCTYPE html>
<html lang="en"><head><title>Apartments for rent in ${esc(city.name)} - Pararius.com</title><meta charset="UTF-8">
<link rel="canonical" href="${url}"></head>
<body class="page page--search"><main class="page__content" id="main">
<div class="search-list-header"><h1 class="search-list-header__title">Apartments for rent in ${esc(city.name)}</h1>
<span class="search-list-header__count">${offers.length} results</span></div>
${offers.length === 0 ? '<h2 class="no-search-results__title">No results for your search</h2>' : ''}
<ul class="search-list">
${cards.map((card) => `<li class="search-list__item search-list__item--listing">${card}</li>`).join('\n')}
</ul>
<div class="pagination"><ul class="pagination__list">${next}</ul></div>
</main></body></html>
`
    pages.push({ url, body, contentType: 'text/html; charset=UTF-8' })
  }
  return pages
}
