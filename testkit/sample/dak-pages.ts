import { newestFirst, type SampleOffer, type SamplePage } from './sample-home.js'

/** The kind of home a DAK portal prints for a room, a small flat and a larger one. */
const detailSoort = ({ home }: SampleOffer) =>
  home.dwelling === 'room' ? 'Kamer' : home.area <= 40 ? 'Studio' : 'Appartement'

/** "2026-11-03T22:01:00Z": publications go live just after midnight Dutch time, the evening before in UTC. */
const published = (isoDate: string | null) => {
  if (isoDate === null) return ''
  const day = new Date(Date.parse(`${isoDate}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
  return `${day}T22:01:00Z`
}

/** A figure as the portal writes it: "713.02". */
const figure = (n: number) => n.toFixed(2)

/**
 * One rental as a publication of the portal's `PublicatieLijst`, in the shape of those recorded from WoningNet's
 * Amsterdam portal (`sources/woningnet-dak/fixtures/list-aanbod-amsterdam.json`), with the fields the preset reads
 * and the ones beside them that say what the unit is; photos, coordinates and the reaction counters are left out.
 */
function publication(offer: SampleOffer) {
  const { home } = offer
  const dak = offer.dak
  if (!dak) throw new Error('not a DAK offer')
  const gross = offer.price ?? 0
  const net = Math.max(0, gross - dak.serviceCosts)
  return {
    Id: dak.id,
    PublicatieModel: 'Aanbodmodel',
    PublicatieModule: 'Sociale huur',
    PublicatieDatum: published(offer.listedAt),
    IsCluster: false,
    EenheidSoort: 'Woonruimte',
    Adres: {
      Straatnaam: home.street,
      Huisnummer: home.huisnummer,
      Huisletter: home.huisletter ?? '',
      HuisnummerToevoeging: home.toevoeging ?? '',
      Postcode: home.postcode,
      Woonplaats: home.city,
      Wijk: home.district ?? '',
      PublicatieId: dak.id,
    },
    Eenheid: {
      DetailSoort: detailSoort(offer),
      Bestemming: 'Huur',
      AantalKamers: offer.rooms ?? 0,
      TotaleOppervlakte: figure(home.area),
      WoonVertrekkenTotOpp: figure(Math.round(home.area * 0.75)),
      NettoHuurBekend: offer.price !== null,
      NettoHuur: figure(net),
      PublicatieId: dak.id,
      EnergieLabel: home.energyLabel ?? '',
      BrutoHuurBekend: offer.price !== null,
      Brutohuur: figure(gross),
    },
    ContractVorm: 'Onbepaalde tijd contract',
  }
}

/**
 * A DAK portal's whole offer at `listUrl` (its `DataActionHaalUitgelogdAanbod` screen action), answered to the POST
 * `requestBody` the preset sends: every publication, newest first, with the version info and result the real
 * answers carry.
 */
export function dakListPage(
  offers: readonly SampleOffer[],
  listUrl: string,
  requestBody: string,
): SamplePage {
  const body = {
    versionInfo: { hasModuleVersionChanged: false, hasApiVersionChanged: false },
    data: {
      PublicatieLijst: { List: newestFirst(offers).map(publication) },
      Result: { IsSuccess: true, ErrorMessage: '', StatusCode: 0 },
    },
  }
  return { url: listUrl, requestBody, body: JSON.stringify(body), contentType: 'application/json' }
}
