import { toCitySlug } from '../../src/kit/index.js'
import { displayPostcode } from '../../src/normalise/index.js'
import type { SeededRandom } from '../seeded-random.js'
import { printNumber } from './funda-homes.js'
import { newestFirst, type SampleOffer, type SamplePage } from './sample-home.js'

/** The media host an OGonline entry's photo is on; the sample's photo paths name the object but show nothing. */
const MEDIA = 'https://media02.ogonline.nl/import/sample/objectconsumer'
/** The kinds ("type") OGonline prints for flats and for houses; `mainType` says which of the two it is. */
const KINDS = {
  apartment: ['Tussenverdieping', 'Bovenwoning', 'Benedenwoning'],
  house: ['Tussenwoning', 'Eindwoning', 'Hoekwoning'],
} as const
const STATUS = { status: 'Beschikbaar', statusOrig: 'available' } as const

/** A 24-hex object id and the listing's path, as OGonline builds them: `/nl/woningaanbod/woning/{city}/{address}/{id}`. */
export function ogonlineListing(offer: SampleOffer, rng: SeededRandom): NonNullable<SampleOffer['ogonline']> {
  const { home } = offer
  const objectId = rng.hex(24)
  const address = toCitySlug(`${home.street} ${printNumber(home)}`)
  const kind = rng.pick(KINDS[home.dwelling === 'house' ? 'house' : 'apartment'])
  return { objectId, path: `/nl/woningaanbod/woning/${toCitySlug(home.city)}/${address}/${objectId}`, kind }
}

/** OGonline prints a rent as "&euro; 2.700 p.m. ex." (the entity as sent) and leaves the figure at 0 on request. */
const priceText = (price: number | null) =>
  price === null ? 'Huurprijs op aanvraag' : `&euro; ${price.toLocaleString('nl-NL')} p.m. ex.`

/** Unix seconds of the listing date, the way `added` carries it: a moment that is that date in the Netherlands. */
const unixSeconds = (isoDate: string | null) =>
  isoDate === null ? 0 : Math.floor(Date.parse(`${isoDate}T10:00:00Z`) / 1000)

/**
 * One rental as an entry of the listings array, in the shape of the entries recorded from verra.nl
 * (`sources/verra-makelaars/fixtures/list-aanbod.json`). The sample's homes have no coordinates, so `lat`/`lng`
 * are left out; the preset does not read them.
 */
function entry(offer: SampleOffer) {
  const { home } = offer
  const o = offer.ogonline
  if (!o) throw new Error('not an OGonline offer')
  return {
    url: o.path,
    photo: `${MEDIA}/${o.objectId}/1.jpg`,
    address: `${home.street} ${printNumber(home)}`,
    zipcode: displayPostcode(home.postcode),
    city: home.city,
    district: home.district ?? '',
    country: 'Nederland',
    isSales: false,
    isRentals: true,
    price: priceText(offer.price),
    salesPrice: 0,
    rentalsPrice: offer.price ?? 0,
    livingSurface: home.area,
    rooms: offer.rooms ?? 0,
    bedrooms: Math.max(0, (offer.rooms ?? 1) - 1),
    isFurnished: false,
    isPartlyFurnished: false,
    isDecorated: true,
    isShortStay: false,
    ...STATUS,
    type: o.kind,
    mainType: home.dwelling === 'house' ? 'house' : 'apartment',
    acceptance: 'In overleg',
    energyLabel: home.energyLabel ?? false,
    added: unixSeconds(offer.listedAt),
    changed: unixSeconds(offer.listedAt),
  }
}

/**
 * The site's whole offer at `listUrl` (`/nl/realtime-listings/consumer`): one JSON array of every entry, newest
 * first, as the agent's own search page loads it. An empty offer is an empty array.
 */
export function ogonlineListPage(offers: readonly SampleOffer[], listUrl: string): SamplePage {
  return {
    url: listUrl,
    body: JSON.stringify(newestFirst(offers).map(entry)),
    contentType: 'application/json',
  }
}
