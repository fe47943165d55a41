/**
 * The BAG woonplaats codes in the two COROP areas of the WWS rule for small new builds: 23 (Groot-Amsterdam) and
 * 17 (Utrecht). Source: woonstadrotterdam/woningwaardering (MIT), `woningwaardering/data/corop/corop.generated.csv`
 * (woonplaats code to COROP area), the rows with COROP code 23 or 17 as stored at commit
 * 61a387d708417dc1f54e41fad308e19e8d6d0c68.
 */
export const COROP_GROOT_AMSTERDAM: ReadonlySet<string> = new Set([
  '1050', // Amstelveen
  '1328', // Landsmeer
  '1329', // Den Ilp
  '1330', // Purmerland
  '1597', // Hoofddorp
  '1598', // Rozenburg
  '1599', // Oude Meer
  '1600', // Aalsmeerderbrug
  '1601', // Rijsenhout
  '1602', // Nieuw-Vennep
  '1603', // Burgerveen
  '1604', // Schiphol-Rijk
  '1605', // Leimuiderbrug
  '1606', // Weteringbrug
  '1607', // Buitenkaag
  '1608', // Abbenes
  '1609', // Lisserbroek
  '1610', // Beinsdorp
  '1611', // Zwaanshoek
  '1612', // Cruquius
  '1613', // Vijfhuizen
  '1614', // Zwanenburg
  '1615', // Boesingheliede
  '1616', // Lijnden
  '1617', // Badhoevedorp
  '1618', // Schiphol
  '1747', // Edam
  '1748', // Volendam
  '1749', // Purmer
  '1837', // Beets
  '1838', // Hobrede
  '1839', // Kwadijk
  '1840', // Middelie
  '1841', // Oosthuizen
  '1842', // Schardam
  '1843', // Warder
  '1940', // Broek in Waterland
  '1941', // Ilpendam
  '1942', // Katwoude
  '1943', // Marken
  '1944', // Monnickendam
  '1945', // Watergang
  '1946', // Purmer
  '1947', // Uitdam
  '1948', // Zuiderwoude
  '2062', // Uithoorn
  '2113', // Oostzaan
  '2129', // Ouderkerk aan de Amstel
  '2144', // Diemen
  '2170', // Middenbeemster
  '2171', // Noordbeemster
  '2172', // Westbeemster
  '2173', // Zuidoostbeemster
  '2571', // Aalsmeer
  '2572', // Kudelstaart
  '2641', // Haarlemmerliede
  '2643', // Halfweg
  '3103', // Purmerend
  '3534', // Spaarndam
  '3539', // De Kwakel
  '3568', // Duivendrecht
  '3569', // Amsterdam-Duivendrecht
  '3594', // Amsterdam
  '3631', // Weesp
])

export const COROP_UTRECHT: ReadonlySet<string> = new Set([
  '1013', // Soest
  '1014', // Soesterberg
  '1037', // Eemnes
  '1071', // Woerden
  '1072', // Harmelen
  '1073', // Kamerik
  '1074', // Zegveld
  '1092', // Baarn
  '1093', // Lage Vuursche
  '1108', // Nieuwegein
  '1302', // Wijk bij Duurstede
  '1303', // Langbroek
  '1304', // Cothen
  '1332', // Abcoude
  '1333', // Baambrugge
  '1392', // Breukelen
  '1393', // Kockengen
  '1394', // Nieuwer Ter Aa
  '1399', // Rhenen
  '1400', // Elst Ut
  '1664', // Amersfoort
  '1665', // Hoogland
  '1666', // Hooglanderveen
  '1667', // Stoutenburg Noord
  '1909', // Hekendorp
  '1910', // Oudewater
  '1911', // Papekop
  '1912', // Snelrewaard
  '1931', // Wilnis
  '1958', // Benschop
  '1959', // Jaarsveld
  '1960', // Lopik
  '1961', // Lopikerkapel
  '1962', // Polsbroek
  '1963', // Linschoten
  '1964', // Montfoort
  '2048', // Veenendaal
  '2053', // Houten
  '2054', // 't Goy
  '2055', // Tull en 't Waal
  '2056', // Schalkwijk
  '2064', // Maarssen
  '2065', // Tienhoven
  '2066', // Oud Zuilen
  '2105', // Lexmond
  '2106', // Ameide
  '2107', // Tienhoven aan de Lek
  '2108', // Meerkerk
  '2109', // Hei- en Boeicop
  '2110', // Leerbroek
  '2111', // Nieuwland
  '2141', // Renswoude
  '2219', // Loenen aan de Vecht
  '2220', // Loenersloot
  '2221', // Nieuwersluis
  '2222', // Nigtevecht
  '2237', // Bunschoten-Spakenburg
  '2238', // Eemdijk
  '2271', // Leerdam
  '2272', // Schoonrewoerd
  '2273', // Kedichem
  '2274', // Oosterwijk
  '2432', // IJsselstein
  '2523', // Woudenberg
  '2603', // Bunnik
  '2604', // Odijk
  '2605', // Werkhoven
  '2638', // Leusden
  '2639', // Stoutenburg
  '2640', // Achterveld
  '2821', // Zeist
  '2822', // Den Dolder
  '2823', // Bosch en Duin
  '2824', // Austerlitz
  '2825', // Huis ter Heide
  '2840', // Everdingen
  '2842', // Ossenwaard
  '2843', // Vianen
  '2844', // Zijderveld
  '2934', // De Bilt
  '2935', // Bilthoven
  '2936', // Maartensdijk
  '2937', // Groenekan
  '2938', // Hollandsche Rading
  '2939', // Westbroek
  '3295', // Utrecht
  '3296', // Vleuten
  '3297', // De Meern
  '3298', // Haarzuilens
  '3335', // Driebergen-Rijsenburg
  '3337', // Amerongen
  '3339', // Doorn
  '3340', // Maarn
  '3341', // Maarsbergen
  '3525', // Vreeland
  '3547', // Amstelhoek
  '3548', // de Hoef
  '3549', // Mijdrecht
  '3550', // Vinkeveen
  '3551', // Waverveen
  '3587', // Leersum
  '3588', // Overberg
  '3625', // Hagestein
  '3626', // Hoef en Haag
])
