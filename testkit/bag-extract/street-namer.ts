// Stems of real Dutch street names: painters, writers, royals, naval heroes, trees, flowers, birds, trades, rivers.
const STEMS = `Rembrandt,Vondel,Frans Hals,Jan Steen,Vermeer,Van Gogh,Erasmus,Spinoza,Thorbecke,Oranje,Willem de Zwijger,
Prins Hendrik,Juliana,Beatrix,Wilhelmina,Emma,Bernhard,Piet Hein,Michiel de Ruyter,Tromp,Van Speijk,Karel Doorman,
Multatuli,Bilderdijk,Da Costa,Kinker,Potgieter,Tesselschade,Hooft,Huygens,Cats,Van Lennep,Nassau,Maurits,
Frederik Hendrik,Albert Cuyp,Ferdinand Bol,Govert Flinck,Jan Pieter Heije,Van Eeghen,Van Baerle,Lorentz,Kamerlingh Onnes,
Van 't Hoff,Zernike,Einthoven,Schaepman,Troelstra,Domela Nieuwenhuis,Drees,Kuyper,Van Houten,Mesdag,Israëls,Mauve,
Breitner,Mondriaan,Escher,Sweelinck,Diepenbrock,Eiken,Beuken,Linden,Kastanje,Berken,Wilgen,Populieren,Esdoorn,Iepen,
Acacia,Platanen,Lariks,Sparren,Dennen,Hazelaar,Vlier,Meidoorn,Hulst,Taxus,Jasmijn,Seringen,Rozen,Tulpen,Narcissen,
Hyacinten,Anjer,Lelie,Margriet,Korenbloem,Klaver,Heide,Merel,Lijster,Mussen,Vinken,Mezen,Spreeuwen,Zwaluw,Kievit,
Reiger,Ooievaar,Meeuwen,Fazant,Patrijs,Havik,Valk,Uilen,Specht,Koekoek,Roodborst,Kwartel,Molen,Kerk,Markt,Haven,
School,Dorps,Brink,Stations,Schans,Veld,Gasthuis,Weeshuis,Smids,Bakkers,Brouwers,Vissers,Kuipers,Touwslagers,
Zeilmakers,Wevers,Ververs,Amstel,Maas,Rijn,IJssel,Waal,Vecht,Lek,Schelde,Zuiderzee,Groninger,Friese,Drentse,
Overijsselse,Gelderse,Brabantse,Zeeuwse,Limburgse,Hollandse,Burgemeester de With,Burgemeester van Roijen,
Professor Kamerlingh Onnes,Dokter Schaepman,Koningin Wilhelmina,Sint Jacobs,Graaf Floris,Jonkheer van Karnebeek,
Generaal Spoor,Kardinaal de Jong,Pastoor van Ars,Burgemeester Flugi van Aspermont`

const SUFFIXES: readonly (readonly [string, number])[] = [
  ['straat', 40],
  ['laan', 15],
  ['weg', 12],
  ['kade', 4],
  ['plein', 4],
  ['dijk', 4],
  ['hof', 4],
  ['singel', 3],
  ['pad', 3],
  ['gracht', 2],
  ['steeg', 2],
  ['dreef', 2],
  ['park', 2],
  ['erf', 1],
  ['plantsoen', 1],
]

const PREFIXES = ['', 'Nieuwe ', 'Oude ', 'Korte ', 'Lange ', 'Eerste ', 'Tweede ', 'Derde ']

// NEN 5825 style abbreviations, applied in order until the name fits in 24 characters.
const ABBREVIATIONS: readonly (readonly [RegExp, string])[] = [
  [/Burgemeester /g, 'Burg '],
  [/Professor /g, 'Prof '],
  [/Dokter /g, 'Dr '],
  [/Koningin /g, 'Kon '],
  [/Jonkheer /g, 'Jhr '],
  [/Generaal /g, 'Gen '],
  [/Kardinaal /g, 'Kard '],
  [/Pastoor /g, 'Past '],
  [/Sint /g, 'St '],
  [/ van der /g, ' vd '],
  [/ van /g, ' v '],
  [/straat$/, 'str'],
  [/laan$/, 'ln'],
  [/plantsoen$/, 'plnts'],
]

const stems = STEMS.split(',').map((s) => s.trim())

/**
 * Hands out unique, plausible street names for one woonplaats. Stem/suffix pairs come in a weighted random order
 * (so 'straat' dominates but a village still gets a 'Kerkpad'); when all pairs are used, prefixed variants
 * ("Tweede Merelstraat") follow, as in a real city's growth.
 */
export class StreetNamer {
  private next = 0
  private readonly order: readonly string[]

  constructor(random: () => number) {
    // Weighted sampling without replacement: sort by -ln(u)/weight (Efraimidis–Spirakis).
    const keyed: { key: number; name: string }[] = []
    for (const stem of stems) {
      for (const [suffix, weight] of SUFFIXES) {
        keyed.push({ key: -Math.log(1 - random()) / weight, name: `${stem}${suffix}` })
      }
    }
    keyed.sort((a, b) => a.key - b.key)
    this.order = keyed.map((k) => k.name)
  }

  /** The next unused name. */
  name(): string {
    const i = this.next++
    const round = Math.floor(i / this.order.length)
    const base = this.order[i % this.order.length] as string
    const prefix = PREFIXES[round % PREFIXES.length] as string
    const repeat = Math.floor(round / PREFIXES.length)
    return `${prefix}${base}${repeat > 0 ? ` ${repeat + 1}` : ''}`
  }
}

/** The NEN 5825 short form (at most 24 characters) of a long name, or null when the name already fits. */
export function verkorteNaam(naam: string): string | null {
  if (naam.length <= 24) return null
  let short = naam
  for (const [pattern, replacement] of ABBREVIATIONS) {
    short = short.replace(pattern, replacement)
    if (short.length <= 24) return short
  }
  return short.slice(0, 24).trimEnd()
}
