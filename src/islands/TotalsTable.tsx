import { formatPaise } from '../lib/format.ts';

export interface TotalsTableProps {
  subtotalPaise: number;
  deliveryFeePaise: number;
  totalPaise: number;
}

/** Subtotal, delivery fee ("FREE" when nothing is charged) and total: the summary of the cart, checkout and orders. */
export default function TotalsTable({ subtotalPaise, deliveryFeePaise, totalPaise }: TotalsTableProps) {
  return (
    <dl className="space-y-2 text-sm">
      <div className="flex justify-between gap-4">
        <dt>Subtotal</dt>
        <dd data-testid="subtotal" className="tabular-nums">
          {formatPaise(subtotalPaise)}
        </dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt>Delivery Fee</dt>
        <dd data-testid="delivery-fee" className="tabular-nums">
          {deliveryFeePaise === 0 ? (
            <span className="font-semibold text-brand-700 dark:text-brand-100">FREE</span>
          ) : (
            formatPaise(deliveryFeePaise)
          )}
        </dd>
      </div>
      <div className="flex justify-between gap-4 border-t border-gray-200 pt-2 text-base font-bold dark:border-gray-700">
        <dt>Total</dt>
        <dd data-testid="total" className="tabular-nums">
          {formatPaise(totalPaise)}
        </dd>
      </div>
    </dl>
  );
}
