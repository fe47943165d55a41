import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { useTempDir } from '../../test/helpers/temp-dir.js'
import { loadDatasetFile, loadDefaultDatasets } from './datasets.js'

describe('default datasets', () => {
  const [utrecht, amsterdam, rent] = loadDefaultDatasets(fileURLToPath(new URL('../../', import.meta.url)))

  it('loads Utrecht 2016 and says what it dropped', () => {
    expect(utrecht!.name).toBe('utrecht-2016')
    expect(utrecht!.rows).toHaveLength(4541)
    // 23 sales appear twice (same address, price and area): a twin would leak a home's own price.
    expect(utrecht!.dropped).toEqual({ 'no-area': 63, 'no-price': 4, duplicate: 23 })
    const first = utrecht!.rows[0]!
    expect(first).toMatchObject({ price: 375000, surfaceArea: 90, postcode: '3511 GV', city: 'Utrecht' })
    expect(first).toMatchObject({ yearBuilt: 1997, energyLabel: 'c', dwellingType: 'apartment' })
    expect(new Set(utrecht!.rows.map((r) => r.id)).size).toBe(4541)
  })

  it('loads Amsterdam 2021, reading 4.00E+05 prices and dropping area bands', () => {
    expect(amsterdam!.name).toBe('amsterdam-2021')
    expect(amsterdam!.rows).toHaveLength(907)
    expect(amsterdam!.dropped).toEqual({ 'area-range': 11, 'no-price': 4, duplicate: 2 })
    expect(amsterdam!.rows.find((r) => r.postcode === '1087 SM')?.price).toBe(400000)
    expect(amsterdam!.rows.every((r) => r.city === 'Amsterdam')).toBe(true)
    expect([utrecht!.kind, amsterdam!.kind]).toEqual(['sale', 'sale'])
  })

  it('loads the Pararius rentals of October 2024 as monthly rents, a room without a dwelling type', () => {
    expect(rent!.name).toBe('pararius-rent-2024')
    expect(rent!.kind).toBe('rent')
    // Rents on request, listings scraped twice, and one link that names no city.
    expect(rent!.dropped).toEqual({ 'no-price': 232, duplicate: 103, 'no-location': 1 })
    expect(rent!.rows).toHaveLength(1776)
    expect(rent!.rows[0]).toMatchObject({
      id: '24ddb01c',
      price: 1900,
      surfaceArea: 65,
      postcode: '1012 ES',
      city: 'amsterdam',
      yearBuilt: 1950,
      dwellingType: 'apartment',
      listedAt: '2024-10-20',
    })
    // pararius.com/room-for-rent/eindhoven/136e1073/…: a room is valued as the pipeline values one.
    expect(rent!.rows.find((r) => r.id === '136e1073')).toMatchObject({
      price: 550,
      surfaceArea: 18,
      city: 'eindhoven',
      dwellingType: null,
    })
  })
})

describe('loadDatasetFile', () => {
  const dir = useTempDir('propdata-valuate-')

  it('reads the generic CSV format and drops unusable rows by reason', () => {
    const path = join(dir, 'mine.csv')
    writeFileSync(
      path,
      [
        'id,price,surface_area,postcode,city,year_built,energy_label,dwelling_type,woz_value,woz_reference_date',
        'a,350000,80,1234 AB,Delft,1930,B,appartement,310000,2023-01-01',
        'b,,80,1234AB,Delft,,,,,',
        'c,400000,,1234AB,Delft,,,,,',
        'd,50,80,1234AB,Delft,,,,,',
        'e,300000,70,,,,,,,',
        'a,350000,80,1234 AB,Delft,1930,B,appartement,310000,2023-01-01',
      ].join('\n'),
    )
    const ds = loadDatasetFile(path)
    expect(ds.name).toBe('mine')
    expect(ds.rows).toEqual([
      {
        id: 'a',
        price: 350000,
        surfaceArea: 80,
        postcode: '1234 AB',
        city: 'Delft',
        yearBuilt: 1930,
        energyLabel: 'B',
        dwellingType: 'apartment',
        wozValue: 310000,
        wozReferenceDate: '2023-01-01',
        listedAt: null,
      },
    ])
    expect(ds.dropped).toEqual({
      'no-price': 1,
      'no-area': 1,
      'implausible-price-per-m2': 1,
      'no-location': 1,
      duplicate: 1,
    })
  })

  it('rejects a file without the required columns', () => {
    const path = join(dir, 'bad.csv')
    writeFileSync(path, 'price,area,postcode\n1,2,3\n')
    expect(() => loadDatasetFile(path)).toThrow(/surface_area/)
  })
})
