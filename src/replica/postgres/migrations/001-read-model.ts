import { type Kysely, sql } from 'kysely'

/**
 * The published read model: what `/v1` serves, copied from SQLite by `propdata replicate`. Values keep SQLite's
 * forms (times and dates as ISO text, JSON as text, numbers as double precision) so the API's bodies are the same
 * byte for byte; text that is sorted or compared is collated "C", as SQLite compares bytes. A listing carries its last
 * verification (`verification`, see the API's listing-json), which SQLite reads from the crawl's observations.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table publication (
      id integer primary key check (id = 1),
      generation bigint not null,
      run_id bigint,
      published_at text not null,
      replicated_at text not null
    );
    create table listings (
      id bigint primary key,
      type text collate "C" not null,
      status text collate "C" not null,
      bag_id text collate "C",
      street text, number text, postcode text, city text,
      city_key text collate "C",
      price double precision,
      surface_area double precision,
      dwelling_type text collate "C",
      source_name text not null,
      source_url text not null,
      sources_json text not null,
      source_ids text not null,
      price_history_json text not null,
      listed_at text collate "C",
      first_seen text collate "C" not null,
      last_seen text not null,
      withdrawn_at text,
      max_legal_rent_low double precision,
      max_legal_rent_high double precision,
      above_legal_max integer,
      above_legal_max_reason text,
      verification text,
      updated_generation bigint not null
    );
    create index listings_newest on listings (status, listed_at desc nulls last, first_seen desc, id desc);
    create index listings_city_newest on listings (status, city_key, listed_at desc nulls last, first_seen desc, id desc);
    create index listings_type_price on listings (status, type, price);
    create index listings_by_bag on listings (bag_id, status);
    create table listing_aliases (
      listing_id bigint primary key,
      survivor_id bigint not null,
      merged_at text not null
    );
    create table listing_counts (
      city_key text collate "C" not null,
      type text collate "C" not null,
      n bigint not null,
      primary key (city_key, type)
    );
    create table golden_records (
      bag_id text collate "C" primary key,
      num_id text, street text, number text, postcode text, city text, city_key text,
      year_built double precision,
      energy_label text,
      woz_value double precision,
      woz_reference_date text,
      surface_area double precision,
      use_purpose text,
      dwelling_type text,
      provenance_json text not null,
      updated_generation bigint not null
    );
    create table valuations (
      bag_id text collate "C" primary key,
      valuation_json text not null,
      rent_regulation_json text,
      generation bigint not null
    );
    create table bag_addresses (
      num_id text collate "C" primary key,
      object_id text collate "C" not null,
      postcode text collate "C",
      huisnummer integer not null,
      huisletter text,
      toevoeging text
    );
    create index bag_addresses_by_number on bag_addresses (postcode, huisnummer);
    create table api_keys (
      key_hash text collate "C" primary key,
      name text not null,
      key_prefix text not null,
      created_at text not null,
      revoked_at text
    );
    create table source_status (
      id integer primary key check (id = 1),
      fingerprint text not null,
      last_run_change text,
      sources_json text not null
    );
    create table replica_state (
      key text primary key,
      value text not null
    );
  `.execute(db)
}
