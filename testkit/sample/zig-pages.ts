import { toCitySlug } from '../../src/kit/index.js'
import { displayPostcode } from '../../src/normalise/index.js'
import type { SeededRandom } from '../seeded-random.js'
import { newestFirst, type SampleOffer, type SamplePage } from './sample-home.js'

/** The portal's kinds of home: its `dwellingType` id and label, and whether the unit is self-contained. */
const KINDS = {
  room: { id: '25', localizedName: 'Kamer', zelfstandig: false },
  studio: { id: '40', localizedName: 'Studio', zelfstandig: true },
  apartment: { id: '37', localizedName: 'Appartement', zelfstandig: true },
} as const
/** Up to this living area (m²) a self-contained flat is a studio on the portal. */
const STUDIO_MAX_AREA = 30

/** The portal's kind of an offer's home. */
function kindOf(offer: SampleOffer): (typeof KINDS)[keyof typeof KINDS] {
  if (offer.home.dwelling === 'room') return KINDS.room
  return offer.home.area <= STUDIO_MAX_AREA ? KINDS.studio : KINDS.apartment
}

/** "B - 4.7": the letter, then the addition after a dash, as Zig portals print `houseNumberAddition`. */
const additionOf = ({ home }: SampleOffer) =>
  [home.huisletter, home.toevoeging && `- ${home.toevoeging}`].filter(Boolean).join(' ')

/**
 * A portal object id and the `urlKey` its detail page is found by (`{id}-{street}-{number}-{city}`, as Plaza builds
 * it), with service costs on top of the basic rent (made up: the sample's rents are totals).
 */
export function zigListing(
  offer: SampleOffer,
  id: number,
  rng: SeededRandom,
): NonNullable<SampleOffer['zig']> {
  const { home } = offer
  const squash = (text: string) => toCitySlug(text).replaceAll('-', '')
  const parts = [
    squash(home.street),
    String(home.huisnummer),
    toCitySlug(additionOf(offer)),
    squash(home.city),
  ]
  return {
    id: String(id),
    urlKey: [id, ...parts.filter(Boolean)].join('-'),
    serviceCosts: rng.int(8, 40) * 5,
  }
}

/** `icon_label_a_plus_plus` for A++: the portals name the label only by its icon. */
const labelIcon = (label: string | null) =>
  label === null ? null : `icon_label_${label.toLowerCase().replaceAll('+', '_plus')}`

/** "2026-11-03 14:00:00": the portal's timestamps, in its own time zone. */
const stamp = (isoDate: string | null, time: string) => (isoDate === null ? '' : `${isoDate} ${time}`)

/**
 * One rental as an object of the portal's `result` list, in the shape of the objects recorded from Plaza
 * (`sources/plaza/fixtures/list-all-objects.json`); the picture and the coordinates are left out (the sample's homes
 * have none), as the portal leaves them out of some objects too.
 */
function object(offer: SampleOffer) {
  const { home } = offer
  const z = offer.zig
  if (!z) throw new Error('not a Zig offer')
  const kind = kindOf(offer)
  const total = offer.price ?? 0
  const place = { name: home.city, id: null }
  return {
    postalcode: displayPostcode(home.postcode),
    street: home.street,
    houseNumber: String(home.huisnummer),
    houseNumberAddition: additionOf(offer),
    municipality: place,
    city: place,
    quarter: { name: home.district ?? home.city, id: null },
    dwellingType: {
      categorie: 'woning',
      huurprijsDuurActief: false,
      id: kind.id,
      localizedName: kind.localizedName,
    },
    availableFrom: '',
    netRent: Math.max(0, total - z.serviceCosts),
    totalRent: total,
    sellingPrice: 0,
    sleepingRoom: { amountOfRooms: '0', id: '7' },
    energyLabel: { icon: labelIcon(home.energyLabel), id: null },
    constructionYear: home.yearBuilt ?? 0,
    model: {
      modelCategorie: { icon: 'br_dth', code: 'reactiedatum', toonOpWebsite: true, id: '3' },
      isHospiteren: false,
    },
    rentBuy: 'Huur',
    publicationDate: stamp(offer.listedAt, '14:00:00'),
    areaDwelling: home.area,
    doelgroepen: [{ icon: 'br_doelgroep_student', code: 'student', id: '3' }],
    isExtraAanbod: false,
    isWoningruil: false,
    woningsoort: kind.zelfstandig
      ? { id: '1', localizedNaam: 'Zelfstandig' }
      : { id: '2', localizedNaam: 'Onzelfstandig' },
    isZelfstandig: kind.zelfstandig,
    urlKey: z.urlKey,
    land: { id: '524' },
    id: z.id,
    isGepubliceerd: true,
  }
}

/**
 * The portal's whole offer at `listUrl` (`/portal/object/frontend/getallobjects/format/json`): `{ result: [...] }`
 * with every object, newest first, and the empty `sAngularServiceData` the real responses carry.
 */
export function zigListPage(offers: readonly SampleOffer[], listUrl: string): SamplePage {
  const body = { sAngularServiceData: '[]', result: newestFirst(offers).map(object) }
  return { url: listUrl, body: JSON.stringify(body), contentType: 'application/json' }
}
