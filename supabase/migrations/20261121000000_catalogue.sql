-- Catalogue tables read by the storefront (spec sections 3 and 7): categories, products, stores.
--
-- The storefront only ever reads, with the anon key. Writes come from the seed (supabase/seed.sql,
-- run as the database owner) or from service_role; anon and authenticated may only SELECT.
-- The roles anon, authenticated and service_role are Supabase's own: this file does not create them.
-- No CREATE INDEX CONCURRENTLY here: the Supabase CLI applies each migration in a transaction.

-- pg_trgm backs the case-insensitive substring searches (name ilike '%q%'). Supabase keeps
-- extensions in the "extensions" schema; the schema is created here too so that the file also
-- applies to a plain PostgreSQL (tests/db).
create schema if not exists extensions;
create extension if not exists pg_trgm with schema extensions;

-- Categories. A subcategory is a category with a parent.
create table public.categories (
  id text collate "C" primary key,
  name text not null constraint categories_name_not_blank check (btrim(name) <> ''),
  parent_id text collate "C" null
    constraint categories_parent_id_fkey references public.categories (id) on delete restrict,
  sort_order integer not null default 0,
  image_url text null,
  created_at timestamptz not null default now(),
  constraint categories_parent_not_self check (parent_id <> id)
);

comment on table public.categories is 'Catalogue categories; a subcategory has a parent_id. Read-only for anon.';

-- Products. Money in rupees, two decimals.
create table public.products (
  id text collate "C" primary key,
  name text not null constraint products_name_not_blank check (btrim(name) <> ''),
  brand text null,
  price numeric(10, 2) not null constraint products_price_not_negative check (price >= 0),
  original_price numeric(10, 2) null
    constraint products_original_price_not_below_price
    check (original_price is null or original_price >= price),
  image_url text null,
  quantity_unit text null,
  description text null,
  category_id text collate "C" not null
    constraint products_category_id_fkey references public.categories (id) on delete restrict,
  is_available boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.products is 'Catalogue products; unavailable ones stay listed by id. Read-only for anon.';

-- Stores (the shops screens).
create table public.stores (
  id text collate "C" primary key,
  name text not null constraint stores_name_not_blank check (btrim(name) <> ''),
  shop_type text not null
    constraint stores_shop_type_check check (shop_type in ('grocery', 'pharmacy', 'bakery', 'electronics')),
  is_active boolean not null default true,
  rating numeric(2, 1) null constraint stores_rating_range check (rating between 0 and 5),
  delivery_time_min integer null constraint stores_delivery_time_positive check (delivery_time_min > 0),
  address text null,
  image_url text null,
  created_at timestamptz not null default now()
);

comment on table public.stores is 'Partner stores; the stores list shows active ones. Read-only for anon.';

-- products.updated_at follows real changes only, so re-running the seed leaves it alone.
create function public.catalogue_touch_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new is distinct from old then
    new.updated_at := pg_catalog.now();
  end if;
  return new;
end;
$$;

revoke execute on function public.catalogue_touch_updated_at() from public;

create trigger products_touch_updated_at
  before update on public.products
  for each row execute function public.catalogue_touch_updated_at();

-- Indexes for the reads of spec section 7.
-- Category grid: category_id = $1 and is_available (also serves the foreign key).
create index products_category_id_available_idx on public.products (category_id, is_available);
-- Home featured, search, shop page: is_available = true.
create index products_is_available_idx on public.products (is_available);
-- Name substring search (ilike '%q%').
create index products_name_trgm_idx on public.products using gin (name extensions.gin_trgm_ops);
-- Subcategory lookups and the self-referencing foreign key.
create index categories_parent_id_idx on public.categories (parent_id, sort_order);
-- Stores list: is_active = true.
create index stores_is_active_idx on public.stores (is_active);

-- Row Level Security: everyone may read every row (the pages list unavailable products by id
-- and the shop page header reads inactive stores by id); no policy allows writes.
alter table public.categories enable row level security;
alter table public.products enable row level security;
alter table public.stores enable row level security;

create policy "categories are readable by everyone" on public.categories
  for select to anon, authenticated using (true);
create policy "products are readable by everyone" on public.products
  for select to anon, authenticated using (true);
create policy "stores are readable by everyone" on public.stores
  for select to anon, authenticated using (true);

-- Supabase's default privileges grant everything on new public tables to anon and authenticated;
-- take the writes back explicitly so that even a permissive policy added later cannot open them.
revoke insert, update, delete, truncate, references, trigger
  on public.categories, public.products, public.stores
  from anon, authenticated;
grant select on public.categories, public.products, public.stores to anon, authenticated;
