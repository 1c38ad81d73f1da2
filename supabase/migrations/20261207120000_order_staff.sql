-- The shop's day (issue 51): what the staff page (/staff/) calls besides shop_orders and set_order_status, under the
-- same rules as 20261207000000_orders.sql (security definer, empty search_path, staff of the store only).
--
-- - staff_stores(): the caller's stores, and whether each takes orders;
-- - set_store_active(store, active): pause or resume a store's new orders (place_order then refuses with CLOSED);
-- - remove_order_line(order, product, reason): a line the shop cannot supply leaves the order before it goes out; the
--   totals are computed again by the same rules, and the shopper sees the line as removed (order_items.removed_at).

-- The caller's stores: [{id, name, is_active}], by name.
create function public.staff_stores() returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_user uuid := private.staff_user();
begin
  return (
    select coalesce(jsonb_agg(jsonb_build_object('id', s.id, 'name', s.name, 'is_active', s.is_active) order by s.name), '[]')
      from public.stores s join public.shop_staff st on st.store_id = s.id
     where st.user_id = v_user
  );
end;
$$;

-- Pauses (false) or resumes (true) a store's new orders; open orders are not touched.
create function public.set_store_active(p_store_id text, p_active boolean) returns jsonb
language plpgsql volatile
security definer
set search_path = ''
as $$
declare
  v_user uuid := private.staff_user();
  v_store public.stores;
begin
  if not exists (select 1 from public.shop_staff st where st.user_id = v_user and st.store_id = p_store_id) then
    raise exception using errcode = '42501', message = 'permission denied: not this store''s staff';
  end if;
  if p_active is null then
    perform private.refuse('INVALID', 'Say whether the store takes orders', 'active');
  end if;
  update public.stores s set is_active = p_active where s.id = p_store_id returning * into v_store;
  return jsonb_build_object('id', v_store.id, 'name', v_store.name, 'is_active', v_store.is_active);
end;
$$;

-- Removes a line the shop cannot supply from an order not yet out for delivery, and prices what is left by the
-- rules the order was placed under (its prices, its coupon, at its time); a coupon that no longer applies is dropped.
-- The last line cannot go (cancel the order instead: INVALID, detail last_line).
create function public.remove_order_line(p_order_id uuid, p_product_id text, p_reason text default null) returns jsonb
language plpgsql volatile
security definer
set search_path = ''
as $$
declare
  v_user uuid := private.staff_user();
  v_order public.orders := private.staff_order(p_order_id, v_user);
  v_line public.order_items;
  v_reason text := coalesce(nullif(pg_catalog.btrim(coalesce(p_reason, '')), ''), 'Not available');
  v_lines jsonb;
  v_has_orders boolean;
  v_price jsonb;
  v_keeps_coupon boolean;
begin
  if v_order.status not in ('placed', 'confirmed', 'packed') then
    perform private.refuse('TRANSITION', 'The order has left the shop', v_order.status);
  end if;
  if pg_catalog.char_length(v_reason) > 200 then
    perform private.refuse('INVALID', 'A reason of at most 200 characters', 'reason');
  end if;
  select * into v_line from public.order_items i
    where i.order_id = v_order.id and i.product_id = p_product_id and i.removed_at is null;
  if not found then
    perform private.refuse('INVALID', 'The order has no such line', 'product_id');
  end if;
  if not exists (
    select 1 from public.order_items i where i.order_id = v_order.id and i.removed_at is null and i.line_no <> v_line.line_no
  ) then
    perform private.refuse('INVALID', 'The last line cannot be removed: cancel the order instead', 'last_line');
  end if;

  update public.order_items i set removed_at = pg_catalog.now(), removed_reason = v_reason
    where i.order_id = v_order.id and i.line_no = v_line.line_no;

  select jsonb_agg(jsonb_build_object(
           'price_paise', i.unit_price_paise, 'quantity', i.quantity,
           'category_id', (select private.top_category(p.category_id) from public.products p where p.id = i.product_id)))
    into v_lines
    from public.order_items i where i.order_id = v_order.id and i.removed_at is null;
  v_has_orders := exists (
    select 1 from public.orders o
     where o.phone = v_order.phone and o.status <> 'cancelled' and o.id <> v_order.id and o.created_at < v_order.created_at
  );
  v_price := private.price_cart(v_lines, v_order.coupon_code, v_has_orders, v_order.created_at);
  v_keeps_coupon := v_order.coupon_code is not null and coalesce((v_price -> 'coupon' ->> 'ok')::boolean, false);
  if v_order.coupon_code is not null and not v_keeps_coupon then
    v_price := private.price_cart(v_lines, null, v_has_orders, v_order.created_at);
  end if;

  update public.orders o set
      subtotal_paise = (v_price ->> 'subtotal_paise')::integer,
      delivery_fee_paise = (v_price ->> 'delivery_fee_paise')::integer,
      discount_paise = (v_price ->> 'discount_paise')::integer,
      cashback_paise = (v_price ->> 'cashback_paise')::integer,
      total_paise = (v_price ->> 'total_paise')::integer,
      coupon_code = case when v_keeps_coupon then o.coupon_code end
    where o.id = v_order.id
    returning * into v_order;
  insert into public.order_events (order_id, status, actor, staff_user_id, reason)
    values (v_order.id, 'line_removed', 'staff', v_user,
            v_line.name || ' (' || v_line.unit || ') × ' || v_line.quantity || ': ' || v_reason);
  return private.order_json(v_order);
end;
$$;

revoke all on function public.staff_stores() from public, anon, authenticated;
revoke all on function public.set_store_active(text, boolean) from public, anon, authenticated;
revoke all on function public.remove_order_line(uuid, text, text) from public, anon, authenticated;

grant execute on function public.staff_stores() to authenticated;
grant execute on function public.set_store_active(text, boolean) to authenticated;
grant execute on function public.remove_order_line(uuid, text, text) to authenticated;
