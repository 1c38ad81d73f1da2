import type { CouponTotals } from '../lib/coupons.ts';
import { formatPaise } from '../lib/format.ts';

const row = 'flex justify-between gap-4';
const good = 'font-semibold text-brand-700 dark:text-brand-100';

/** The totals of the cart, checkout and orders; a coupon's cashback comes below the total (credited after delivery). */
export default function TotalsTable(totals: CouponTotals) {
  const { subtotalPaise, deliveryFeePaise, totalPaise, couponCode, discountPaise, cashbackPaise } = totals;
  return (
    <dl className="space-y-2 text-sm">
      <div className={row}>
        <dt>Subtotal</dt>
        <dd data-testid="subtotal" className="tabular-nums">
          {formatPaise(subtotalPaise)}
        </dd>
      </div>
      <div className={row}>
        <dt>Delivery Fee</dt>
        <dd data-testid="delivery-fee" className="tabular-nums">
          {deliveryFeePaise === 0 ? <span className={good}>FREE</span> : formatPaise(deliveryFeePaise)}
        </dd>
      </div>
      {couponCode && discountPaise > 0 && (
        <div className={row}>
          <dt>Coupon ({couponCode})</dt>
          <dd data-testid="discount" className={`tabular-nums ${good}`}>
            −{formatPaise(discountPaise)}
          </dd>
        </div>
      )}
      <div className={`${row} border-t border-gray-200 pt-2 text-base font-bold dark:border-gray-700`}>
        <dt>Total</dt>
        <dd data-testid="total" className="tabular-nums">
          {formatPaise(totalPaise)}
        </dd>
      </div>
      {couponCode && cashbackPaise > 0 && (
        <div className={row}>
          <dt>
            Cashback ({couponCode})
            <span className="block text-xs font-normal text-gray-600 dark:text-gray-300">
              Credited after delivery, not taken off the total
            </span>
          </dt>
          <dd data-testid="cashback" className={`tabular-nums ${good}`}>
            {formatPaise(cashbackPaise)}
          </dd>
        </div>
      )}
    </dl>
  );
}
