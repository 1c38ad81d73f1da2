-- Orders that reach the shop (issue 50): the tables, the pricing rules as data, and the functions that are the only
-- way in. docs/orders.md is the contract; this file is its implementation.
--
-- anon and authenticated have no privilege on any order table: shoppers reach their orders only through
-- place_order, get_orders and cancel_order (an order id and its access token), and the shop's staff through
-- shop_orders and set_order_status (an authenticated user listed in shop_staff for the order's store). Every one of
-- those functions is `security definer` with an empty search_path and names each object with its schema.
--
-- Refusals raise SQLSTATE P0001 with a machine-readable hint (PostgREST answers 400 with the hint and detail):
-- PRICE_CHANGED, UNAVAILABLE, NOT_SERVED, CLOSED, COUPON, INVALID, LIMIT, CONFLICT, NOT_FOUND, TRANSITION. A refusal
-- writes nothing: the function's transaction is rolled back with it.

create extension if not exists pgcrypto with schema extensions;

-- What no API role may read: the key the access tokens are derived from.
create schema if not exists private;
revoke all on schema private from public;

create table private.order_keys (
  id boolean primary key default true constraint order_keys_one_row check (id),
  token_key bytea not null default extensions.gen_random_bytes(32)
);
insert into private.order_keys default values;
alter table private.order_keys enable row level security;
revoke all on private.order_keys from public;

-- The limits, one row the operator edits (docs/orders.md). The cart reads max_lines and max_line_quantity from the
-- build; delivery_fee_paise is the fee the cart shows.
create table public.order_settings (
  id boolean primary key default true constraint order_settings_one_row check (id),
  max_open_orders_per_phone integer not null default 3 check (max_open_orders_per_phone > 0),
  max_orders_per_phone_per_hour integer not null default 10 check (max_orders_per_phone_per_hour > 0),
  max_lines integer not null default 50 check (max_lines between 1 and 500),
  max_line_quantity integer not null default 99 check (max_line_quantity between 1 and 9999),
  max_orders_per_read integer not null default 100 check (max_orders_per_read between 1 and 1000),
  delivery_fee_paise integer not null default 2500 check (delivery_fee_paise >= 0)
);
insert into public.order_settings default values;

comment on table public.order_settings is 'Order limits and the delivery fee: one row. Readable by everyone (the build reads it).';

-- The coupons, as data: the cart (src/lib/coupons.ts, through the build) and place_order evaluate the same rows.
create table public.coupons (
  code text collate "C" primary key constraint coupons_code_format check (code ~ '^[A-Z0-9]{1,20}$'),
  kind text not null constraint coupons_kind check (kind in ('percent', 'free_delivery', 'cashback')),
  -- percent: this share of the counted items, at most max_discount_paise.
  percent integer null constraint coupons_percent_range check (percent between 1 and 100),
  max_discount_paise integer null constraint coupons_max_discount_not_negative check (max_discount_paise >= 0),
  -- cashback: credited after delivery, never taken off what is paid.
  cashback_paise integer null constraint coupons_cashback_positive check (cashback_paise > 0),
  -- The top-level categories whose items count (for the discount and the minimum); null: every item.
  categories text[] null,
  -- How a refusal names those categories: "Add ₹50 more of {categories_label} to use WEEKEND30".
  categories_label text null,
  -- The counted items must come to at least minimum_paise (strictly more with minimum_above).
  minimum_paise integer null constraint coupons_minimum_not_negative check (minimum_paise >= 0),
  minimum_above boolean not null default false,
  min_items integer null constraint coupons_min_items_positive check (min_items > 0),
  -- Only for a phone with no order yet (cancelled orders do not count).
  first_order_only boolean not null default false,
  -- Days of the week it works, in India time: 0 Sunday ... 6 Saturday; null: every day.
  weekdays smallint[] null constraint coupons_weekdays_range check (weekdays <@ array[0, 1, 2, 3, 4, 5, 6]::smallint[]),
  is_active boolean not null default true,
  sort_order integer not null default 0,
  constraint coupons_percent_fields check ((kind = 'percent') = (percent is not null and max_discount_paise is not null)),
  constraint coupons_cashback_fields check ((kind = 'cashback') = (cashback_paise is not null)),
  constraint coupons_categories_label check ((categories is null) = (categories_label is null))
);

comment on table public.coupons is 'Coupon rules, evaluated by the cart and by place_order alike. Readable by everyone.';

-- Today's rules (the same rows as src/data/coupons.json, the sample build's copy; a test holds them equal).
insert into public.coupons
  (code, kind, percent, max_discount_paise, cashback_paise, categories, categories_label,
   minimum_paise, minimum_above, min_items, first_order_only, weekdays, sort_order)
values
  ('WELCOME50', 'percent', 50, 25000, null, null, null, 50000, true, null, true, null, 0),
  ('WEEKEND30', 'percent', 30, 15000, null, array['fruits', 'vegetables'], 'fruits or vegetables',
   20000, false, null, false, array[6, 0]::smallint[], 1),
  ('FREEDEL', 'free_delivery', null, null, null, null, null, 30000, true, null, false, null, 2),
  ('BULK20', 'percent', 20, 20000, null, null, null, null, false, 5, false, null, 3),
  ('SAVE100', 'cashback', null, null, 10000, null, null, 49900, false, null, false, null, 4);

-- The shop's people: an authenticated Supabase user works the orders of each store listed here.
create table public.shop_staff (
  user_id uuid not null references auth.users (id) on delete cascade,
  store_id text collate "C" not null references public.stores (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, store_id)
);

create index shop_staff_store_id_idx on public.shop_staff (store_id);

comment on table public.shop_staff is 'Which stores each staff user works for. No API role reads it; the operator edits it.';

create table public.orders (
  id uuid primary key default gen_random_uuid(),
  -- The browser's id for this send: a resend with it is the same order.
  client_order_id uuid not null constraint orders_client_order_id_key unique,
  -- What people read out on the phone: ORD- and six characters without 0/O, 1/I.
  number text collate "C" not null constraint orders_number_key unique
    constraint orders_number_format check (number ~ '^ORD-[2-9A-HJ-NP-Z]{6}$'),
  store_id text collate "C" not null references public.stores (id) on delete restrict,
  status text not null default 'placed' constraint orders_status check (
    status in ('placed', 'confirmed', 'packed', 'out_for_delivery', 'delivered', 'cancelled')
  ),
  name text not null constraint orders_name_length check (char_length(name) between 1 and 100),
  -- Ten digits, a mobile number of India.
  phone text not null constraint orders_phone_format check (phone ~ '^[6-9][0-9]{9}$'),
  address_line_1 text not null constraint orders_address_line_1_length check (char_length(address_line_1) between 1 and 200),
  city text not null default '' constraint orders_city_length check (char_length(city) <= 100),
  state text not null default '' constraint orders_state_length check (char_length(state) <= 100),
  postal_code text not null constraint orders_postal_code_format check (postal_code ~ '^[1-9][0-9]{5}$'),
  coupon_code text null,
  subtotal_paise integer not null check (subtotal_paise >= 0),
  delivery_fee_paise integer not null check (delivery_fee_paise >= 0),
  discount_paise integer not null check (discount_paise >= 0),
  cashback_paise integer not null default 0 check (cashback_paise >= 0),
  total_paise integer not null check (total_paise >= 0),
  -- sha256 of the normalised request, to tell a resend from another order under the same client_order_id.
  request_hash bytea not null,
  -- sha256 of the access token (the token itself is never stored).
  token_hash bytea not null,
  cancelled_by text null constraint orders_cancelled_by check (cancelled_by in ('shopper', 'shop')),
  cancel_reason text null,
  created_at timestamptz not null default now(),
  closed_at timestamptz null
);

create index orders_phone_created_at_idx on public.orders (phone, created_at);
create index orders_store_id_status_idx on public.orders (store_id, status, created_at);

comment on table public.orders is 'Orders; reached only through the order functions (docs/orders.md).';

create table public.order_items (
  order_id uuid not null references public.orders (id) on delete cascade,
  line_no integer not null,
  product_id text collate "C" not null,
  -- Copied from the product when the order was placed.
  name text not null,
  unit text not null,
  unit_price_paise integer not null check (unit_price_paise >= 0),
  quantity integer not null check (quantity > 0),
  -- A line the shop could not supply (remove_order_line): kept, apart, with why.
  removed_at timestamptz null,
  removed_reason text null constraint order_items_removed_reason_length check (char_length(removed_reason) <= 200),
  primary key (order_id, line_no)
);

comment on table public.order_items is 'Order lines, with the name, unit and price the product had when ordered.';

create table public.order_events (
  id bigint generated always as identity primary key,
  order_id uuid not null references public.orders (id) on delete cascade,
  status text not null,
  at timestamptz not null default now(),
  -- 'shopper' or 'staff'; staff_user_id says who.
  actor text not null constraint order_events_actor check (actor in ('shopper', 'staff')),
  staff_user_id uuid null,
  reason text null
);

create index order_events_order_id_idx on public.order_events (order_id, id);

comment on table public.order_events is 'Every status change of every order, with its time and who made it.';

-- Row Level Security on every table; no policy opens the order tables, and their privileges are revoked too
-- (Supabase's default privileges grant everything on new tables to anon and authenticated).
alter table public.order_settings enable row level security;
alter table public.coupons enable row level security;
alter table public.shop_staff enable row level security;
alter table public.orders enable row level security;
alter table public.order_items enable row level security;
alter table public.order_events enable row level security;

create policy "order settings are readable by everyone" on public.order_settings
  for select to anon, authenticated using (true);
create policy "coupons are readable by everyone" on public.coupons
  for select to anon, authenticated using (true);

revoke all on public.shop_staff, public.orders, public.order_items, public.order_events from anon, authenticated;
revoke insert, update, delete, truncate, references, trigger on public.order_settings, public.coupons
  from anon, authenticated;
grant select on public.order_settings, public.coupons to anon, authenticated;

-- ---------------------------------------------------------------------------------------------------------------
-- Helpers (schema private: no API role can call them).

-- Raises a refusal: SQLSTATE P0001, the hint a browser reads, and a detail (text, or JSON for structured ones).
create function private.refuse(p_hint text, p_message text, p_detail text default null) returns void
language plpgsql
set search_path = ''
as $$
begin
  raise exception using errcode = 'P0001', message = p_message, hint = p_hint, detail = coalesce(p_detail, '');
end;
$$;

-- A mobile number of India as ten digits: spaces and hyphens, +91, 0091, 91 (before ten digits) and a leading 0
-- accepted; null when it is not one.
create function private.normalise_phone(p_phone text) returns text
language sql immutable
set search_path = ''
as $$
  select (pg_catalog.regexp_match(
    pg_catalog.regexp_replace(coalesce(p_phone, ''), '[\s-]', '', 'g'),
    '^(?:\+91|0091|91|0)?([6-9][0-9]{9})$'
  ))[1];
$$;

-- Paise as the cart writes an amount in a sentence: "₹1,250", "₹0.50", "₹1,23,456.78" (Indian grouping).
create function private.format_rupees(p_paise bigint) returns text
language sql immutable
set search_path = ''
as $$
  select '₹' || pg_catalog.regexp_replace(
      (p_paise / 100)::text, '(\d)(?=(\d\d)*\d\d\d$)', '\1,', 'g'
    ) || case when p_paise % 100 = 0 then '' else '.' || pg_catalog.lpad((p_paise % 100)::text, 2, '0') end;
$$;

-- The top-level category of a category (its furthest ancestor).
create function private.top_category(p_category_id text) returns text
language sql stable
set search_path = ''
as $$
  with recursive up as (
    select c.id, c.parent_id, 0 as depth from public.categories c where c.id = p_category_id
    union all
    select c.id, c.parent_id, up.depth + 1 from public.categories c join up on c.id = up.parent_id where up.depth < 32
  )
  select id from up order by depth desc limit 1;
$$;

-- One coupon evaluated against a cart, by the rules of src/lib/coupons.ts (evaluateCoupon), in the same order and the
-- same words. p_lines: [{price_paise, quantity, category_id (top-level)}]. Returns {ok, code, discount_paise,
-- cashback_paise} or {ok: false, code, reason}.
create function private.evaluate_coupon(p_text text, p_lines jsonb, p_has_orders boolean, p_now timestamptz)
returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_code text := pg_catalog.upper(pg_catalog.btrim(coalesce(p_text, ''), E' \t\n\r\f\v'));
  v_rule public.coupons;
  v_items bigint;
  v_counted bigint;
  v_count bigint;
  v_need bigint;
  v_discount bigint;
  v_fee integer;
  v_days text[];
  v_names constant text[] := array['Sundays', 'Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays'];
begin
  if v_code = '' then
    return jsonb_build_object('ok', false, 'code', null, 'reason', 'Enter a coupon code');
  end if;
  select * into v_rule from public.coupons c where c.code = v_code and c.is_active;
  if not found then
    return jsonb_build_object('ok', false, 'code', null, 'reason',
      case when pg_catalog.char_length(v_code) <= 20 and v_code ~ '^[A-Z0-9]+$' then v_code else 'That' end
        || ' is not a valid coupon code');
  end if;

  select coalesce(sum((l ->> 'price_paise')::bigint * (l ->> 'quantity')::bigint), 0),
         coalesce(sum((l ->> 'price_paise')::bigint * (l ->> 'quantity')::bigint)
           filter (where v_rule.categories is null or (l ->> 'category_id') = any (v_rule.categories)), 0),
         coalesce(sum((l ->> 'quantity')::bigint), 0)
    into v_items, v_counted, v_count
    from jsonb_array_elements(p_lines) l;

  if v_items <= 0 then
    return jsonb_build_object('ok', false, 'code', v_code, 'reason', 'Add items to your cart to use ' || v_code);
  end if;
  if v_rule.first_order_only and p_has_orders then
    return jsonb_build_object('ok', false, 'code', v_code, 'reason', v_code || ' is for your first order only');
  end if;
  if v_rule.weekdays is not null
     and not (extract(dow from p_now at time zone 'Asia/Kolkata')::smallint = any (v_rule.weekdays)) then
    -- "Saturdays and Sundays", "Mondays, Tuesdays and Fridays": the days in the row's order.
    v_days := array(select v_names[w.d + 1] from unnest(v_rule.weekdays) with ordinality as w(d, n) order by w.n);
    return jsonb_build_object('ok', false, 'code', v_code, 'reason', v_code || ' works on '
      || case when pg_catalog.cardinality(v_days) = 1 then v_days[1]
              else pg_catalog.array_to_string(v_days[1:pg_catalog.cardinality(v_days) - 1], ', ') || ' and '
                     || v_days[pg_catalog.cardinality(v_days)] end
      || ' only');
  end if;
  if v_rule.min_items is not null and v_count < v_rule.min_items then
    v_need := v_rule.min_items - v_count;
    return jsonb_build_object('ok', false, 'code', v_code, 'reason',
      'Add ' || v_need || ' more ' || case when v_need = 1 then 'item' else 'items' end || ' to use ' || v_code);
  end if;
  if v_rule.minimum_paise is not null then
    v_need := v_rule.minimum_paise + case when v_rule.minimum_above then 1 else 0 end;
    if v_counted < v_need then
      return jsonb_build_object('ok', false, 'code', v_code, 'reason',
        'Add ' || private.format_rupees(v_need - v_counted) || ' more'
          || coalesce(' of ' || v_rule.categories_label, '') || ' to use ' || v_code);
    end if;
  end if;

  select s.delivery_fee_paise into v_fee from public.order_settings s;
  v_discount := case v_rule.kind
    when 'percent' then least(v_rule.max_discount_paise, (v_counted * v_rule.percent) / 100)
    when 'free_delivery' then v_fee
    else 0 end;
  return jsonb_build_object('ok', true, 'code', v_code, 'discount_paise', v_discount,
    'cashback_paise', coalesce(v_rule.cashback_paise, 0));
end;
$$;

-- The totals of a cart, as the cart computes them (src/lib/pricing.ts cartTotals, then coupons.ts withCoupon):
-- {subtotal_paise, delivery_fee_paise, discount_paise, cashback_paise, total_paise, coupon}.
create function private.price_cart(p_lines jsonb, p_coupon text, p_has_orders boolean, p_now timestamptz)
returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_subtotal bigint;
  v_fee bigint;
  v_coupon jsonb;
  v_discount bigint := 0;
begin
  select coalesce(sum((l ->> 'price_paise')::bigint * (l ->> 'quantity')::bigint), 0) into v_subtotal
    from jsonb_array_elements(p_lines) l;
  select case when v_subtotal <= 0 then 0 else s.delivery_fee_paise end into v_fee from public.order_settings s;
  if p_coupon is not null then
    v_coupon := private.evaluate_coupon(p_coupon, p_lines, p_has_orders, p_now);
    if (v_coupon ->> 'ok')::boolean then
      v_discount := least((v_coupon ->> 'discount_paise')::bigint, v_subtotal + v_fee);
    end if;
  end if;
  return jsonb_build_object(
    'subtotal_paise', v_subtotal,
    'delivery_fee_paise', v_fee,
    'discount_paise', v_discount,
    'cashback_paise', case when (v_coupon ->> 'ok')::boolean then (v_coupon ->> 'cashback_paise')::bigint else 0 end,
    'total_paise', v_subtotal + v_fee - v_discount,
    'coupon', v_coupon);
end;
$$;

-- The access token of an order: an HMAC of its id under the private key, 256 bits, base64url. Derived, so a replay
-- can hand it back; only its sha256 is stored.
create function private.order_token(p_order_id uuid) returns text
language sql stable
set search_path = ''
as $$
  select pg_catalog.rtrim(pg_catalog.translate(pg_catalog.encode(
    extensions.hmac(pg_catalog.convert_to(p_order_id::text, 'UTF8'), k.token_key, 'sha256'), 'base64'), '+/', '-_'), '=')
  from private.order_keys k;
$$;

create function private.token_hash(p_token text) returns bytea
language sql immutable
set search_path = ''
as $$
  select pg_catalog.sha256(pg_catalog.convert_to(p_token, 'UTF8'));
$$;

-- A uuid from outside input, or null.
create function private.read_uuid(p_value text) returns uuid
language sql immutable
set search_path = ''
as $$
  select case when p_value ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then p_value::uuid end;
$$;

-- The request as it identifies an order: items sorted by product, the phone normalised, the coupon upper-cased,
-- everything else as typed; sha256 of its canonical JSON. Lenient: any input hashes.
create function private.request_hash(p_order jsonb) returns bytea
language sql immutable
set search_path = ''
as $$
  select pg_catalog.sha256(pg_catalog.convert_to(jsonb_build_object(
    'items', (select coalesce(jsonb_agg(jsonb_build_array(i -> 'product_id', i -> 'quantity')
                                        order by (i -> 'product_id')::text, (i -> 'quantity')::text), '[]')
                from jsonb_array_elements(case when jsonb_typeof(p_order -> 'items') = 'array'
                                               then p_order -> 'items' else '[]' end) i),
    'name', p_order -> 'name',
    'phone', coalesce(to_jsonb(private.normalise_phone(p_order ->> 'phone')), p_order -> 'phone'),
    'address', p_order -> 'address',
    'coupon', to_jsonb(nullif(pg_catalog.upper(pg_catalog.btrim(coalesce(p_order ->> 'coupon_code', ''))), ''))
  )::text, 'UTF8'));
$$;

-- An order as its shopper and its shop read it (no hashes, no token): the lines it still has, and those the shop
-- removed, apart.
create function private.order_json(p_order public.orders) returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object(
    'order_id', p_order.id,
    'number', p_order.number,
    'status', p_order.status,
    'created_at', p_order.created_at,
    'store', (select jsonb_build_object('id', s.id, 'name', s.name) from public.stores s where s.id = p_order.store_id),
    'name', p_order.name,
    'phone', p_order.phone,
    'address', jsonb_build_object('address_line_1', p_order.address_line_1, 'city', p_order.city,
                                  'state', p_order.state, 'postal_code', p_order.postal_code),
    'payment', 'cash_on_delivery',
    'lines', (select coalesce(jsonb_agg(jsonb_build_object(
                'product_id', i.product_id, 'name', i.name, 'unit', i.unit, 'unit_price_paise', i.unit_price_paise,
                'quantity', i.quantity, 'line_total_paise', i.unit_price_paise * i.quantity) order by i.line_no), '[]')
              from public.order_items i where i.order_id = p_order.id and i.removed_at is null),
    'removed_lines', (select coalesce(jsonb_agg(jsonb_build_object(
                'product_id', i.product_id, 'name', i.name, 'unit', i.unit, 'unit_price_paise', i.unit_price_paise,
                'quantity', i.quantity, 'reason', i.removed_reason, 'at', i.removed_at) order by i.line_no), '[]')
              from public.order_items i where i.order_id = p_order.id and i.removed_at is not null),
    'coupon_code', p_order.coupon_code,
    'subtotal_paise', p_order.subtotal_paise,
    'delivery_fee_paise', p_order.delivery_fee_paise,
    'discount_paise', p_order.discount_paise,
    'cashback_paise', p_order.cashback_paise,
    'total_paise', p_order.total_paise,
    'cancelled_by', p_order.cancelled_by,
    'cancel_reason', p_order.cancel_reason,
    'events', (select coalesce(jsonb_agg(jsonb_build_object('status', e.status, 'at', e.at, 'actor', e.actor,
                                                            'reason', e.reason) order by e.id), '[]')
               from public.order_events e where e.order_id = p_order.id)
  );
$$;

revoke all on all functions in schema private from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------------------------
-- The shopper's functions.

-- Places an order (docs/orders.md, "place_order"): repriced from products, idempotent on client_order_id.
create function public.place_order(p_order jsonb) returns jsonb
language plpgsql volatile
security definer
set search_path = ''
as $$
declare
  v_settings public.order_settings;
  v_client_id uuid;
  v_existing public.orders;
  v_hash bytea;
  v_name text;
  v_phone text;
  v_address jsonb;
  v_line1 text;
  v_city text;
  v_state text;
  v_postal text;
  v_coupon text;
  v_expected bigint;
  v_items jsonb;
  v_item jsonb;
  v_n integer;
  v_quantity numeric;
  v_ids text[] := '{}';
  v_lines jsonb;
  v_missing jsonb;
  v_store public.stores;
  v_has_orders boolean;
  v_price jsonb;
  v_order public.orders;
  v_order_id uuid := gen_random_uuid();
  v_token text;
  v_number text;
  v_alphabet constant text := '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  v_bytes bytea;
begin
  if p_order is null or jsonb_typeof(p_order) <> 'object' then
    perform private.refuse('INVALID', 'The order must be a JSON object', 'order');
  end if;
  v_client_id := private.read_uuid(p_order ->> 'client_order_id');
  if v_client_id is null or jsonb_typeof(p_order -> 'client_order_id') <> 'string' then
    perform private.refuse('INVALID', 'client_order_id must be a uuid', 'client_order_id');
  end if;

  -- Two sends of one order wait for each other here, so the second sees the first's row.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('order:' || v_client_id::text, 0));

  -- A replay is recognised before anything else is checked: the same request returns the same order.
  v_hash := private.request_hash(p_order);
  select * into v_existing from public.orders o where o.client_order_id = v_client_id;
  if found then
    if v_existing.request_hash <> v_hash then
      perform private.refuse('CONFLICT', 'Another order was placed with this client_order_id', v_existing.number);
    end if;
    return private.order_json(v_existing)
      || jsonb_build_object('access_token', private.order_token(v_existing.id), 'replayed', true);
  end if;

  select * into v_settings from public.order_settings;

  -- The fields.
  v_name := p_order ->> 'name';
  if jsonb_typeof(p_order -> 'name') is distinct from 'string' or pg_catalog.btrim(v_name) = ''
     or pg_catalog.char_length(v_name) > 100 then
    perform private.refuse('INVALID', 'Give a name of at most 100 characters', 'name');
  end if;
  v_phone := private.normalise_phone(case when jsonb_typeof(p_order -> 'phone') = 'string' then p_order ->> 'phone' end);
  if v_phone is null then
    perform private.refuse('INVALID', 'Give a 10-digit mobile number', 'phone');
  end if;
  v_address := p_order -> 'address';
  if v_address is null or jsonb_typeof(v_address) <> 'object' then
    perform private.refuse('INVALID', 'Give the delivery address', 'address');
  end if;
  v_line1 := case when jsonb_typeof(v_address -> 'address_line_1') = 'string' then v_address ->> 'address_line_1' end;
  if v_line1 is null or pg_catalog.btrim(v_line1) = '' or pg_catalog.char_length(v_line1) > 200 then
    perform private.refuse('INVALID', 'Give the address, at most 200 characters', 'address.address_line_1');
  end if;
  v_city := coalesce(case when jsonb_typeof(v_address -> 'city') = 'string' then v_address ->> 'city' end, '');
  v_state := coalesce(case when jsonb_typeof(v_address -> 'state') = 'string' then v_address ->> 'state' end, '');
  if (v_address ? 'city' and jsonb_typeof(v_address -> 'city') not in ('string', 'null'))
     or pg_catalog.char_length(v_city) > 100 then
    perform private.refuse('INVALID', 'The city has at most 100 characters', 'address.city');
  end if;
  if (v_address ? 'state' and jsonb_typeof(v_address -> 'state') not in ('string', 'null'))
     or pg_catalog.char_length(v_state) > 100 then
    perform private.refuse('INVALID', 'The state has at most 100 characters', 'address.state');
  end if;
  v_postal := case when jsonb_typeof(v_address -> 'postal_code') = 'string' then v_address ->> 'postal_code' end;
  if v_postal is null or v_postal !~ '^[1-9][0-9]{5}$' then
    perform private.refuse('INVALID', 'Give a 6-digit pincode', 'address.postal_code');
  end if;
  if p_order ? 'coupon_code' and jsonb_typeof(p_order -> 'coupon_code') not in ('string', 'null') then
    perform private.refuse('INVALID', 'coupon_code must be text or null', 'coupon_code');
  end if;
  v_coupon := nullif(pg_catalog.upper(pg_catalog.btrim(coalesce(p_order ->> 'coupon_code', ''))), '');
  -- Each cast only once its type is known (SQL does not promise to stop at the first true operand of an or).
  if jsonb_typeof(p_order -> 'expected_total_paise') is distinct from 'number' then
    perform private.refuse('INVALID', 'expected_total_paise must be a whole number of paise', 'expected_total_paise');
  end if;
  v_quantity := (p_order ->> 'expected_total_paise')::numeric;
  if v_quantity <> pg_catalog.trunc(v_quantity) or v_quantity < 0 or v_quantity > 1e15 then
    perform private.refuse('INVALID', 'expected_total_paise must be a whole number of paise', 'expected_total_paise');
  end if;
  v_expected := v_quantity;

  -- The items: 1 to max_lines lines, each product once, 1 to max_line_quantity of it.
  v_items := p_order -> 'items';
  if v_items is null or jsonb_typeof(v_items) <> 'array' or jsonb_array_length(v_items) = 0 then
    perform private.refuse('INVALID', 'The order has no items', 'items');
  end if;
  if jsonb_array_length(v_items) > v_settings.max_lines then
    perform private.refuse('LIMIT', 'At most ' || v_settings.max_lines || ' lines in one order', 'lines');
  end if;
  for v_item, v_n in select value, ordinality - 1 from jsonb_array_elements(v_items) with ordinality loop
    if jsonb_typeof(v_item) <> 'object' or jsonb_typeof(v_item -> 'product_id') is distinct from 'string'
       or pg_catalog.char_length(v_item ->> 'product_id') not between 1 and 200 then
      perform private.refuse('INVALID', 'Each item names a product', 'items[' || v_n || '].product_id');
    end if;
    if (v_item ->> 'product_id') = any (v_ids) then
      perform private.refuse('INVALID', 'A product is listed twice', 'items[' || v_n || '].product_id');
    end if;
    v_ids := v_ids || (v_item ->> 'product_id');
    if jsonb_typeof(v_item -> 'quantity') is distinct from 'number' then
      perform private.refuse('INVALID', 'Each item has a whole quantity', 'items[' || v_n || '].quantity');
    end if;
    v_quantity := (v_item ->> 'quantity')::numeric;
    if v_quantity <> pg_catalog.trunc(v_quantity) or v_quantity < 1 then
      perform private.refuse('INVALID', 'Each item has a whole quantity of at least 1', 'items[' || v_n || '].quantity');
    end if;
    if v_quantity > v_settings.max_line_quantity then
      perform private.refuse('LIMIT', 'At most ' || v_settings.max_line_quantity || ' of one product', 'quantity');
    end if;
  end loop;

  -- Where it goes: the store serving the pincode, which must be taking orders.
  select s.* into v_store
    from public.delivery_areas a join public.stores s on s.id = a.store_id
    where a.pincode = v_postal;
  if not found then
    perform private.refuse('NOT_SERVED', 'We do not deliver to ' || v_postal || ' yet', v_postal);
  end if;
  if not v_store.is_active then
    perform private.refuse('CLOSED', v_store.name || ' is not taking orders right now', v_store.id);
  end if;

  -- The products, priced now; the client's prices are never read.
  select jsonb_agg(jsonb_build_object('product_id', i.item ->> 'product_id', 'name', p.name) order by i.n)
    into v_missing
    from jsonb_array_elements(v_items) with ordinality as i(item, n)
    left join public.products p on p.id = (i.item ->> 'product_id')
    where p.id is null or not p.is_available;
  if v_missing is not null then
    perform private.refuse('UNAVAILABLE', 'Some products are not available', v_missing::text);
  end if;
  select jsonb_agg(jsonb_build_object(
           'product_id', p.id, 'name', p.name,
           'unit', coalesce(nullif(pg_catalog.btrim(p.quantity_unit), ''), 'pcs'),
           'unit_price_paise', (p.price * 100)::bigint,
           'price_paise', (p.price * 100)::bigint,
           'quantity', (i.item ->> 'quantity')::integer,
           'line_total_paise', (p.price * 100)::bigint * (i.item ->> 'quantity')::integer,
           'category_id', private.top_category(p.category_id)) order by i.n)
    into v_lines
    from jsonb_array_elements(v_items) with ordinality as i(item, n)
    join public.products p on p.id = (i.item ->> 'product_id');

  -- The phone's limits; its orders are counted under a lock so two at once cannot both pass.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('phone:' || v_phone, 0));
  if (select count(*) from public.orders o
        where o.phone = v_phone and o.status not in ('delivered', 'cancelled')) >= v_settings.max_open_orders_per_phone then
    perform private.refuse('LIMIT', 'At most ' || v_settings.max_open_orders_per_phone || ' open orders per phone',
      'open_orders');
  end if;
  if (select count(*) from public.orders o
        where o.phone = v_phone and o.created_at > pg_catalog.now() - interval '1 hour')
     >= v_settings.max_orders_per_phone_per_hour then
    perform private.refuse('LIMIT', 'At most ' || v_settings.max_orders_per_phone_per_hour || ' orders per phone an hour',
      'orders_per_hour');
  end if;

  v_has_orders := exists (select 1 from public.orders o where o.phone = v_phone and o.status <> 'cancelled');
  v_price := private.price_cart(v_lines, v_coupon, v_has_orders, pg_catalog.now());
  if v_coupon is not null and not (v_price -> 'coupon' ->> 'ok')::boolean then
    perform private.refuse('COUPON', v_price -> 'coupon' ->> 'reason', v_price -> 'coupon' ->> 'reason');
  end if;
  if (v_price ->> 'total_paise')::bigint <> v_expected then
    perform private.refuse('PRICE_CHANGED', 'The prices have changed', jsonb_build_object(
      'lines', (select jsonb_agg(l - 'price_paise' - 'category_id') from jsonb_array_elements(v_lines) l),
      'subtotal_paise', v_price -> 'subtotal_paise',
      'delivery_fee_paise', v_price -> 'delivery_fee_paise',
      'discount_paise', v_price -> 'discount_paise',
      'total_paise', v_price -> 'total_paise')::text);
  end if;

  -- Written: the order under a fresh number, its lines, its first event.
  v_token := private.order_token(v_order_id);
  loop
    v_bytes := extensions.gen_random_bytes(6);
    v_number := 'ORD-';
    for v_n in 0..5 loop
      v_number := v_number || pg_catalog.substr(v_alphabet, (pg_catalog.get_byte(v_bytes, v_n) % 32) + 1, 1);
    end loop;
    insert into public.orders as o (
      id, client_order_id, number, store_id, name, phone, address_line_1, city, state, postal_code, coupon_code,
      subtotal_paise, delivery_fee_paise, discount_paise, cashback_paise, total_paise, request_hash, token_hash
    ) values (
      v_order_id, v_client_id, v_number, v_store.id, v_name, v_phone, v_line1, v_city, v_state, v_postal,
      case when v_coupon is not null then v_price -> 'coupon' ->> 'code' end,
      (v_price ->> 'subtotal_paise')::integer, (v_price ->> 'delivery_fee_paise')::integer,
      (v_price ->> 'discount_paise')::integer, (v_price ->> 'cashback_paise')::integer,
      (v_price ->> 'total_paise')::integer, v_hash, private.token_hash(v_token)
    )
    on conflict (number) do nothing
    returning * into v_order;
    exit when found;
  end loop;
  insert into public.order_items (order_id, line_no, product_id, name, unit, unit_price_paise, quantity)
    select v_order.id, (l.n - 1)::integer, l.line ->> 'product_id', l.line ->> 'name', l.line ->> 'unit',
           (l.line ->> 'unit_price_paise')::integer, (l.line ->> 'quantity')::integer
      from jsonb_array_elements(v_lines) with ordinality as l(line, n);
  insert into public.order_events (order_id, status, actor) values (v_order.id, 'placed', 'shopper');

  return private.order_json(v_order) || jsonb_build_object('access_token', v_token, 'replayed', false);
end;
$$;

-- The orders named by [{order_id, access_token}] that exist with that token, in the order asked; the others are
-- simply absent.
create function public.get_orders(p_refs jsonb) returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_max integer;
begin
  if p_refs is null or jsonb_typeof(p_refs) <> 'array' then
    perform private.refuse('INVALID', 'p_refs must be an array of {order_id, access_token}', 'refs');
  end if;
  select s.max_orders_per_read into v_max from public.order_settings s;
  if jsonb_array_length(p_refs) > v_max then
    perform private.refuse('LIMIT', 'At most ' || v_max || ' orders in one read', 'refs');
  end if;
  return (
    select coalesce(jsonb_agg(private.order_json(o) order by r.n), '[]')
      from jsonb_array_elements(p_refs) with ordinality as r(ref, n)
      join public.orders o
        on jsonb_typeof(r.ref) = 'object'
       and o.id = private.read_uuid(r.ref ->> 'order_id')
       and jsonb_typeof(r.ref -> 'access_token') = 'string'
       and o.token_hash = private.token_hash(r.ref ->> 'access_token')
  );
end;
$$;

-- The shopper cancels an order that is still placed.
create function public.cancel_order(p_order_id uuid, p_access_token text) returns jsonb
language plpgsql volatile
security definer
set search_path = ''
as $$
declare
  v_order public.orders;
begin
  select * into v_order from public.orders o
    where o.id = p_order_id and o.token_hash = private.token_hash(coalesce(p_access_token, ''))
    for update;
  if not found then
    perform private.refuse('NOT_FOUND', 'No such order', null);
  end if;
  if v_order.status <> 'placed' then
    perform private.refuse('TRANSITION', 'The order can no longer be cancelled', v_order.status);
  end if;
  update public.orders o set status = 'cancelled', cancelled_by = 'shopper', closed_at = pg_catalog.now()
    where o.id = v_order.id
    returning * into v_order;
  insert into public.order_events (order_id, status, actor) values (v_order.id, 'cancelled', 'shopper');
  return private.order_json(v_order);
end;
$$;

-- ---------------------------------------------------------------------------------------------------------------
-- The shop's functions: an authenticated user listed in shop_staff, for that store's orders only.

create function private.staff_user() returns uuid
language plpgsql stable
set search_path = ''
as $$
declare
  v_user uuid := auth.uid();
begin
  if v_user is null or not exists (select 1 from public.shop_staff st where st.user_id = v_user) then
    raise exception using errcode = '42501', message = 'permission denied: not a member of any shop''s staff';
  end if;
  return v_user;
end;
$$;

-- An order of the caller's stores, locked for the change about to be made; anyone else is refused alike, whether the
-- order exists or not.
create function private.staff_order(p_order_id uuid, p_user uuid) returns public.orders
language plpgsql volatile
set search_path = ''
as $$
declare
  v_order public.orders;
begin
  select * into v_order from public.orders o where o.id = p_order_id for update;
  if not found or not exists (
    select 1 from public.shop_staff st where st.user_id = p_user and st.store_id = v_order.store_id
  ) then
    raise exception using errcode = '42501', message = 'permission denied: not this order''s shop';
  end if;
  return v_order;
end;
$$;

revoke all on function private.staff_user() from public, anon, authenticated;
revoke all on function private.staff_order(uuid, uuid) from public, anon, authenticated;

-- The orders of the caller's stores: with no status, the open ones and those closed today (India time), oldest
-- first; with a status, those in it.
create function public.shop_orders(p_status text default null) returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_user uuid := private.staff_user();
begin
  if p_status is not null
     and p_status not in ('placed', 'confirmed', 'packed', 'out_for_delivery', 'delivered', 'cancelled') then
    perform private.refuse('INVALID', 'Unknown status', 'status');
  end if;
  return (
    select coalesce(jsonb_agg(private.order_json(o) order by o.created_at, o.id), '[]')
      from public.orders o
     where o.store_id in (select st.store_id from public.shop_staff st where st.user_id = v_user)
       and case when p_status is null
                then o.status not in ('delivered', 'cancelled')
                  or (o.closed_at at time zone 'Asia/Kolkata')::date = (pg_catalog.now() at time zone 'Asia/Kolkata')::date
                else o.status = p_status end
  );
end;
$$;

-- Moves an order forward (placed -> confirmed -> packed -> out_for_delivery -> delivered; steps may be skipped), or
-- cancels it before delivery with a reason.
create function public.set_order_status(p_order_id uuid, p_status text, p_reason text default null) returns jsonb
language plpgsql volatile
security definer
set search_path = ''
as $$
declare
  v_user uuid := private.staff_user();
  v_order public.orders := private.staff_order(p_order_id, v_user);
  v_steps constant text[] := array['placed', 'confirmed', 'packed', 'out_for_delivery', 'delivered'];
  v_reason text := nullif(pg_catalog.btrim(coalesce(p_reason, '')), '');
begin
  if p_status is null or not (p_status = any (v_steps) or p_status = 'cancelled') then
    perform private.refuse('INVALID', 'Unknown status', 'status');
  end if;
  if p_status = 'cancelled' and (v_reason is null or pg_catalog.char_length(v_reason) > 200) then
    perform private.refuse('INVALID', 'A cancellation needs a reason of at most 200 characters', 'reason');
  end if;
  if v_order.status in ('delivered', 'cancelled')
     or (p_status <> 'cancelled'
         and pg_catalog.array_position(v_steps, p_status) <= pg_catalog.array_position(v_steps, v_order.status)) then
    perform private.refuse('TRANSITION', 'The order is ' || v_order.status, v_order.status);
  end if;
  update public.orders o set
      status = p_status,
      cancelled_by = case when p_status = 'cancelled' then 'shop' end,
      cancel_reason = case when p_status = 'cancelled' then v_reason end,
      closed_at = case when p_status in ('delivered', 'cancelled') then pg_catalog.now() end
    where o.id = v_order.id
    returning * into v_order;
  insert into public.order_events (order_id, status, actor, staff_user_id, reason)
    values (v_order.id, p_status, 'staff', v_user, case when p_status = 'cancelled' then v_reason end);
  return private.order_json(v_order);
end;
$$;

-- Only the roles that need them may call them (Supabase's default privileges grant every new function to anon and
-- authenticated, hence the explicit revokes).
revoke all on function public.place_order(jsonb) from public, anon, authenticated;
revoke all on function public.get_orders(jsonb) from public, anon, authenticated;
revoke all on function public.cancel_order(uuid, text) from public, anon, authenticated;
revoke all on function public.shop_orders(text) from public, anon, authenticated;
revoke all on function public.set_order_status(uuid, text, text) from public, anon, authenticated;

grant execute on function public.place_order(jsonb) to anon, authenticated;
grant execute on function public.get_orders(jsonb) to anon, authenticated;
grant execute on function public.cancel_order(uuid, text) to anon, authenticated;
grant execute on function public.shop_orders(text) to authenticated;
grant execute on function public.set_order_status(uuid, text, text) to authenticated;
