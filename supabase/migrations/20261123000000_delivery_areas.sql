-- Delivery areas: the pincodes the storefront delivers to, each served by one store (issue 17, "Deliver to a
-- pincode"). The build turns the rows whose store is active into a small serviceability table
-- (/data/delivery-areas.json) that the header's "Deliver to" dialog and checkout read, offline too.
--
-- Read-only for anon, as the catalogue tables are (20261121000000_catalogue.sql): writes come from the seed or
-- service_role.

create table public.delivery_areas (
  -- Six digits, the first 1-9 (PINCODE_PATTERN in src/lib/fields.ts).
  pincode text collate "C" primary key
    constraint delivery_areas_pincode_format check (pincode ~ '^[1-9][0-9]{5}$'),
  area text not null constraint delivery_areas_area_not_blank check (btrim(area) <> ''),
  city text not null constraint delivery_areas_city_not_blank check (btrim(city) <> ''),
  store_id text collate "C" not null
    constraint delivery_areas_store_id_fkey references public.stores (id) on delete restrict,
  created_at timestamptz not null default now()
);

comment on table public.delivery_areas is 'Pincodes delivered to and the store serving each. Read-only for anon.';

-- The foreign key's lookups (a store's areas).
create index delivery_areas_store_id_idx on public.delivery_areas (store_id);

alter table public.delivery_areas enable row level security;

create policy "delivery areas are readable by everyone" on public.delivery_areas
  for select to anon, authenticated using (true);

revoke insert, update, delete, truncate, references, trigger on public.delivery_areas from anon, authenticated;
grant select on public.delivery_areas to anon, authenticated;
