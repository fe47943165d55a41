import { urlSlug } from '../../src/kit/index.js'
import type { SeededRandom } from '../seeded-random.js'
import { esc } from './html.js'
import { parariusDetailPage, photoCount, searchCardSubTitle, treehouseCardParts } from './pararius-pages.js'
import type { SampleCity, SampleOffer, SamplePage } from './sample-home.js'

const ORIGIN = 'https://www.huurwoningen.nl'
const CARDS_PER_PAGE = 30
const TYPE_WORD = { apartment: 'Appartement', house: 'Huis', room: 'Kamer' } as const

/** Huurwoningen prints euros with a non-breaking space: "€&nbsp;1.200". */
const euro = (amount: number) => `€&nbsp;${amount.toLocaleString('nl-NL')}`
/** An 8-hex listing id and the card URL, as Huurwoningen builds them. */
export function huurwoningenListing(offer: SampleOffer, rng: SeededRandom, citySlug: string) {
  const id = rng.hex(8)
  // Some listings show the total with service costs in a transparency badge; those costs are made up.
  const serviceCosts = rng.chance(0.35) ? rng.int(4, 30) * 5 : null
  return { id, url: `${ORIGIN}/huren/${citySlug}/${id}/${urlSlug(offer.home.street)}/`, serviceCosts }
}

/** The price block of a card: the bare rent alone, or the bare rent next to the transparency badge's total. */
function priceBlock(offer: SampleOffer): string {
  const costs = offer.huurwoningen?.serviceCosts
  if (offer.price === null) return '<span class="listing-search-item__price-main">Prijs op aanvraag</span>'
  if (!costs) {
    return `<span class="listing-search-item__price-main">${euro(offer.price)} <span class="listing-search-item__price-suffix">per maand</span></span>`
  }
  return `<div class="listing-search-item__price-bare"><span class="listing-search-item__price-bare-label">Kale huurprijs</span>
<span class="listing-search-item__price-value">${euro(offer.price)} <span class="listing-search-item__price-suffix">per maand</span></span></div>
<div class="listing-search-item__price-transparency-badge"><wc-price-transparency-badge data-id="${offer.huurwoningen!.id}"><button type="button" class="price-transparency-badge price-transparency-badge--listing-search-item price-transparency-badge--total-price"><div class="price-transparency-badge__total-price"><span class="price-transparency-badge__total-price-title">Totale huurprijs</span>
<span class="price-transparency-badge__total-price-value">${euro(offer.price + costs)} <span class="price-transparency-badge__total-price-suffix">per maand</span></span></div></button></wc-price-transparency-badge></div>`
}

/**
 * One search card in the markup of the real cards recorded on 2026-09-24 (`sources/huurwoningen/fixtures/`), at
 * `position` on page `page` (both from 1), as served on `day`.
 */
function card(offer: SampleOffer, page: number, position: number, day: string): string {
  const { home } = offer
  const h = offer.huurwoningen!
  const path = new URL(h.url).pathname
  const title = `${TYPE_WORD[home.dwelling]} ${home.street}`
  const parts = treehouseCardParts(offer, { id: h.id, path, title }, position, day, 'nl')
  const feature = (modifier: string, value: string) =>
    `<li class="illustrated-features__item illustrated-features__item--${modifier}">${value}</li>`
  const index = (page - 1) * CARDS_PER_PAGE + position
  return `<li class="search-list__item search-list__item--listing">
<section class="listing-search-item listing-search-item--list listing-search-item--for-rent" data-controller="listing-search-item" data-listing-search-item-position-on-page="${position}" data-listing-search-item-page-number="${page}" data-listing-search-item-index="${index}">
${parts.head}
<div class="listing-search-item__content"><h3 class="listing-search-item__title" id="${parts.titleId}"><a class="listing-search-item__link listing-search-item__link--title" href="${esc(path)}">${esc(title)}</a></h3>
${searchCardSubTitle(home)}
<div class="listing-search-item__price">${priceBlock(offer)}</div>
<div class="listing-search-item__features"><ul class="illustrated-features illustrated-features--compact">${feature('surface-area', `${home.area} m²`)}${offer.rooms ? feature('number-of-rooms', `${offer.rooms} ${offer.rooms === 1 ? 'kamer' : 'kamers'}`) : ''}${home.yearBuilt ? feature('construction-period', String(home.yearBuilt)) : ''}</ul></div>${photoCount(offer)}
${parts.info}
</div></section></li>`
}

/**
 * Huurwoningen search pages (`/in/{city}/`, `?page=2`, …) with 30 cards each and the real pagination link, as
 * served on `day` (ISO date); a city without offers gets the site's "no results" title.
 */
export function huurwoningenSearchPages(
  offers: readonly SampleOffer[],
  city: SampleCity,
  day: string,
): SamplePage[] {
  const pages: SamplePage[] = []
  const count = Math.max(1, Math.ceil(offers.length / CARDS_PER_PAGE))
  for (let p = 1; p <= count; p++) {
    const url = `${ORIGIN}/in/${city.slug}/${p === 1 ? '' : `?page=${p}`}`
    const shown = offers.slice((p - 1) * CARDS_PER_PAGE, p * CARDS_PER_PAGE)
    const next =
      p < count
        ? `<a class="pagination__link pagination__link--next" href="/in/${city.slug}/?page=${p + 1}">Volgende</a>`
        : ''
    const empty =
      offers.length === 0 ? '<h2 class="no-search-results__title">Geen huurwoningen gevonden</h2>' : ''
    const body = `<!DOCTYPE html><html lang="nl"><head><meta charset="UTF-8"><title>Huurwoning ${esc(city.name)}, de NIEUWSTE huurhuizen in ${esc(city.name)}</title></head>
<body class="page page--search"><main id="main">${empty}<ul class="search-list">
${shown.map((o, i) => card(o, p, i + 1, day)).join('\n')}
</ul><nav class="pagination">${next}</nav></main></body></html>
`
    pages.push({ url, body, contentType: 'text/html; charset=UTF-8' })
  }
  return pages
}

/**
 * A Huurwoningen detail page: the platform's detail markup that Pararius pages share (one parser reads both), at
 * the listing's own URL, without the house number (its real 2026 pages give none). The sample never needs one (its
 * cards are complete); a simulated market serves them.
 */
export function huurwoningenDetailPage(offer: SampleOffer, city: SampleCity): SamplePage {
  const h = offer.huurwoningen
  if (!h) throw new Error('not a Huurwoningen offer')
  const page = parariusDetailPage(
    { ...offer, pararius: { url: h.url, id: h.id, interior: null } },
    city,
    () => false,
  )
  return { ...page, url: h.url }
}
