/** How addresses are numbered and built in a place: Amsterdam walk-ups, Rotterdam letters, towns, villages. */
export type PlaceStyle = 'amsterdam' | 'rotterdam' | 'city' | 'town' | 'village'

/** A real Dutch woonplaats with its rough share of the national verblijfsobjecten. */
export interface SyntheticPlace {
  naam: string
  /** CBS gemeente code (four digits, often with leading zeros); for the tail assigned by the generator. */
  gemeente: string | null
  /** Percentage of all verblijfsobjecten in the Netherlands (roughly). */
  share: number
  /** Four-digit postcode range actually used by the place; for the tail assigned by the generator. */
  postcodes: readonly [number, number] | null
  /** Approximate centre in RD New (EPSG:28992) metres; for the tail a stable pseudo-random point. */
  centre: readonly [number, number] | null
  style: PlaceStyle
}

type Major = readonly [string, string, number, number, number, number, number, PlaceStyle]

// naam, gemeente, share %, postcode from, to, RD x, RD y, style. Shares and centres are approximate, from memory
// of public CBS/Kadaster figures; the data built from them is synthetic and must not be joined with real BAG.
const MAJORS: readonly Major[] = [
  ['Amsterdam', '0363', 5.6, 1011, 1109, 121500, 487000, 'amsterdam'],
  ['Rotterdam', '0599', 3.5, 3011, 3089, 92500, 437500, 'rotterdam'],
  ["'s-Gravenhage", '0518', 3.0, 2491, 2597, 81000, 455000, 'rotterdam'],
  ['Utrecht', '0344', 1.9, 3511, 3585, 136000, 456000, 'city'],
  ['Groningen', '0014', 1.3, 9711, 9747, 234000, 582000, 'city'],
  ['Eindhoven', '0772', 1.2, 5611, 5658, 161500, 383500, 'city'],
  ['Tilburg', '0855', 1.1, 5011, 5049, 133500, 397500, 'city'],
  ['Almere', '0034', 1.0, 1311, 1363, 144000, 486000, 'city'],
  ['Breda', '0758', 0.9, 4811, 4839, 112500, 400500, 'city'],
  ['Nijmegen', '0268', 0.9, 6511, 6546, 187500, 428500, 'city'],
  ['Haarlem', '0392', 0.8, 2011, 2037, 104000, 488500, 'city'],
  ['Arnhem', '0202', 0.8, 6811, 6846, 190500, 444000, 'city'],
  ['Enschede', '0153', 0.8, 7511, 7548, 258000, 471500, 'city'],
  ['Apeldoorn', '0200', 0.7, 7311, 7364, 194500, 469500, 'city'],
  ['Amersfoort', '0307', 0.7, 3811, 3829, 155000, 463500, 'city'],
  ["'s-Hertogenbosch", '0796', 0.7, 5211, 5237, 149500, 411500, 'city'],
  ['Zwolle', '0193', 0.6, 8011, 8043, 203000, 503500, 'city'],
  ['Leiden', '0546', 0.6, 2311, 2334, 93500, 464000, 'city'],
  ['Maastricht', '0935', 0.6, 6211, 6229, 176500, 317500, 'city'],
  ['Dordrecht', '0505', 0.6, 3311, 3329, 105500, 424500, 'city'],
  ['Zoetermeer', '0637', 0.6, 2711, 2729, 93000, 452000, 'city'],
  ['Leeuwarden', '0080', 0.5, 8911, 8939, 183000, 579500, 'city'],
  ['Delft', '0503', 0.5, 2611, 2629, 84500, 446500, 'city'],
  ['Alkmaar', '0361', 0.5, 1811, 1827, 112000, 516000, 'city'],
  ['Zaandam', '0479', 0.4, 1501, 1509, 116000, 496000, 'city'],
  ['Deventer', '0150', 0.4, 7411, 7429, 208500, 474000, 'city'],
  ['Venlo', '0983', 0.4, 5911, 5929, 209500, 376500, 'city'],
  ['Hilversum', '0402', 0.4, 1211, 1223, 141000, 472000, 'city'],
  ['Amstelveen', '0362', 0.4, 1181, 1189, 118500, 479000, 'city'],
  ['Doesburg', '0221', 0.04, 6981, 6984, 206300, 447500, 'village'],
]

// Real woonplaatsen, roughly largest first; the generator gives them falling (Zipf-like) shares of the rest.
const TAIL = `Emmen,Ede,Helmond,Oss,Heerlen,Sittard,Roosendaal,Purmerend,Gouda,Hoorn,Lelystad,Schiedam,Vlaardingen,
Spijkenisse,Capelle aan den IJssel,Assen,Veenendaal,Zeist,Nieuwegein,Katwijk,Den Helder,Middelburg,Vlissingen,
Hengelo,Almelo,Harderwijk,Kampen,Doetinchem,Roermond,Weert,Bergen op Zoom,Gorinchem,Tiel,Wageningen,Houten,
Woerden,Alphen aan den Rijn,Rijswijk,Heerenveen,Hoogeveen,Meppel,Sneek,Drachten,Zandvoort,Heemstede,Urk,
Terneuzen,Goes,Hoofddorp,Nieuw-Vennep,Uithoorn,Diemen,Huizen,Bussum,Naarden,Weesp,Soest,Baarn,Barneveld,
Nijkerk,Ermelo,Putten,Elburg,Epe,Hattem,Heerde,Raalte,Ommen,Dalfsen,Hardenberg,Coevorden,Steenwijk,Emmeloord,
Dronten,Zeewolde,Kampen,Genemuiden,Hasselt,Zwartsluis,Vollenhove,Blokzijl,Giethoorn,Oldenzaal,Ootmarsum,
Denekamp,Losser,Haaksbergen,Neede,Eibergen,Borculo,Lochem,Zutphen,Vorden,Zelhem,Winterswijk,Aalten,
Lichtenvoorde,Groenlo,Bredevoort,Terborg,Ulft,Gendringen,Didam,Zevenaar,Duiven,Westervoort,Velp,Rheden,
Dieren,Brummen,Eerbeek,Oosterbeek,Renkum,Bennekom,Rhenen,Veenendaal,Wijk bij Duurstede,Culemborg,Zaltbommel,
Druten,Wijchen,Beuningen,Groesbeek,Malden,Boxmeer,Cuijk,Gennep,Venray,Horst,Panningen,Helden,Tegelen,
Reuver,Echt,Stein,Beek,Geleen,Brunssum,Kerkrade,Landgraaf,Valkenburg,Meerssen,Eijsden,Gulpen,Vaals,Simpelveld,
Voerendaal,Nuth,Schinveld,Susteren,Nederweert,Budel,Valkenswaard,Waalre,Veldhoven,Best,Son en Breugel,
Nuenen,Geldrop,Mierlo,Deurne,Asten,Someren,Gemert,Boxtel,Vught,Rosmalen,Oisterwijk,Goirle,Dongen,Oosterhout,
Waalwijk,Kaatsheuvel,Drunen,Heusden,Veghel,Uden,Schijndel,Sint-Oedenrode,Etten-Leur,Zevenbergen,Dinteloord,
Steenbergen,Halsteren,Woensdrecht,Hulst,Oostburg,Sluis,Zierikzee,Brouwershaven,Domburg,Veere,Kapelle,Yerseke,
Tholen,Oud-Beijerland,Hellevoetsluis,Brielle,Rozenburg,Maassluis,Naaldwijk,Monster,Wateringen,Pijnacker,
Nootdorp,Berkel en Rodenrijs,Bleiswijk,Waddinxveen,Boskoop,Reeuwijk,Bodegraven,Nieuwkoop,Leiderdorp,
Oegstgeest,Voorschoten,Wassenaar,Noordwijk,Lisse,Hillegom,Sassenheim,Voorhout,Bloemendaal,IJmuiden,
Velsen-Noord,Beverwijk,Heemskerk,Castricum,Uitgeest,Heiloo,Bergen,Egmond aan Zee,Schagen,Anna Paulowna,
Medemblik,Enkhuizen,Stede Broec,Andijk,Volendam,Edam,Monnickendam,Marken,Wormerveer,Krommenie,Oostzaan,
Landsmeer,Abcoude,Mijdrecht,Vinkeveen,Breukelen,Maarssen,Bilthoven,De Bilt,Zeist,Driebergen-Rijsenburg,
Doorn,Leersum,Amerongen,Vianen,IJsselstein,Montfoort,Oudewater,Schoonhoven,Gorssel,Bathmen,Holten,Rijssen,
Wierden,Nijverdal,Hellendoorn,Vriezenveen,Tubbergen,Delden,Goor,Markelo,Diepenheim,Borne,Enter,Hoogezand,
Veendam,Winschoten,Stadskanaal,Ter Apel,Delfzijl,Appingedam,Winsum,Leek,Roden,Zuidhorn,Grootegast,Marum,
Dokkum,Franeker,Harlingen,Bolsward,Workum,Hindeloopen,Stavoren,Sloten,Joure,Lemmer,Wolvega,Oosterwolde,
Gorredijk,Burgum,Buitenpost,Kollum,Holwerd,Ameland,West-Terschelling,Vlieland,Schiermonnikoog,Den Burg,
Beilen,Westerbork,Zuidlaren,Vries,Norg,Dwingeloo,Diever,Havelte,Nieuw-Amsterdam,Klazienaveen,Schoonebeek`

/** All places: the large ones with real postcode ranges and centres, then the tail (filled in by the generator). */
export const SYNTHETIC_PLACES: readonly SyntheticPlace[] = buildPlaces()

function buildPlaces(): SyntheticPlace[] {
  const majors: SyntheticPlace[] = MAJORS.map(([naam, gemeente, share, from, to, x, y, style]) => ({
    naam,
    gemeente,
    share,
    postcodes: [from, to],
    centre: [x, y],
    style,
  }))
  const seen = new Set(majors.map((p) => p.naam))
  const tailNames: string[] = []
  for (const raw of TAIL.split(',')) {
    const name = raw.trim()
    if (name === '' || seen.has(name)) continue
    seen.add(name)
    tailNames.push(name)
  }
  const rest = 100 - majors.reduce((sum, p) => sum + p.share, 0)
  // Zipf-like with an offset so the largest tail town stays below the smaller majors.
  const weights = tailNames.map((_, rank) => 1 / (rank + 40))
  const total = weights.reduce((a, b) => a + b, 0)
  const tail: SyntheticPlace[] = tailNames.map((naam, rank) => ({
    naam,
    gemeente: null,
    share: (rest * (weights[rank] as number)) / total,
    postcodes: null,
    centre: null,
    style: rank < 100 ? 'town' : 'village',
  }))
  return [...majors, ...tail]
}
