/**
 * The WoningNet regions this adapter reads, each a DAK portal at `https://<region>.mijndak.nl`, with the cities
 * whose housing associations offer their homes there. A crawl reads a region when its scope names one of them.
 */
export const DAK_REGIONS: Readonly<Record<string, readonly string[]>> = {
  amsterdam: [
    'Amsterdam',
    'Amstelveen',
    'Diemen',
    'Ouder-Amstel',
    'Aalsmeer',
    'Uithoorn',
    'Haarlemmermeer',
    'Zaanstad',
    'Zaandam',
    'Assendelft',
    'Weesp',
    'Purmerend',
    'Landsmeer',
    'Oostzaan',
  ],
  utrecht: [
    'Utrecht',
    'Nieuwegein',
    'Houten',
    'IJsselstein',
    'Zeist',
    'De Bilt',
    'Bunnik',
    'Stichtse Vecht',
    'Wijk bij Duurstede',
  ],
  almere: ['Almere'],
}

/** Every host the regions' portals answer on. */
export const DAK_HOSTS = Object.keys(DAK_REGIONS).map((region) => `${region}.mijndak.nl`)
