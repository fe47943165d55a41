/**
 * The kind of home the BAG suggests for the `bag_objects` row aliased `object`, in SQL: a home (its use includes
 * woonfunctie) in a building with several homes is an apartment, any other home a house; null when it is not a home.
 * A guess from the building, so whatever a listing states wins over it: in a Golden Record and in a listing alike.
 */
export const bagDwellingTypeSql = (object: string) =>
  `case when instr(${object}.gebruiksdoel, 'woonfunctie') > 0 then iif(coalesce(${object}.dwellings, 1) > 1, 'apartment', 'house') end`
