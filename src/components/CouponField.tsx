import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { COUPON_INPUT_MAX, evaluateCoupon, isCouponCode, normalizeCode } from '../lib/coupons.ts';
import { $couponCode, applyCoupon, removeCoupon } from '../stores/coupon.ts';
import { $couponResult } from '../stores/coupon-totals.ts';

export interface CouponFieldProps {
  /** Show the code field and "Apply" (checkout); without it only the applied code's line and "Remove" (cart). */
  editable?: boolean;
}

const link = 'font-semibold text-brand-700 underline hover:no-underline dark:text-brand-100';

/** The order's one coupon: field and "Apply" (checkout), its success line or why it does not apply yet, and "Remove". */
export default function CouponField({ editable = false }: CouponFieldProps) {
  const code = useStore($couponCode);
  const result = useStore($couponResult);
  const [draft, setDraft] = useState('');
  // An error about the typed text itself (blank, not a code of ours), shown until the next apply or edit.
  const [inputError, setInputError] = useState<string | null>(null);
  const [replaced, setReplaced] = useState<string | null>(null);
  const id = useId();
  const messageId = `${id}-message`;

  function apply() {
    const previous = code;
    const typed = normalizeCode(draft);
    const kept = typed !== null && isCouponCode(typed) ? applyCoupon(typed) : null;
    if (kept === null) {
      // Blank or unknown: the rules word the reason (the cart does not matter for these).
      const refused = evaluateCoupon(draft, { lines: [], hasOrders: false, now: 0 });
      setInputError(refused.ok ? null : refused.reason);
      setReplaced(null);
      return;
    }
    setInputError(null);
    setReplaced(previous && previous !== kept ? previous : null);
    setDraft('');
  }

  function remove() {
    removeCoupon();
    setReplaced(null);
    setInputError(null);
  }

  const error = inputError ?? (result && !result.ok ? result.reason : null);
  return (
    <div className="mb-3 text-sm" data-testid="coupon">
      {editable && (
        <>
          <label htmlFor={`${id}-code`} className="font-medium">
            Coupon code
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id={`${id}-code`}
              value={draft}
              maxLength={COUPON_INPUT_MAX}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              aria-describedby={error || result ? messageId : undefined}
              aria-invalid={error ? true : undefined}
              onChange={(e) => {
                setDraft(e.target.value);
                setInputError(null);
              }}
              onKeyDown={(e) => {
                // Enter applies the code; it must not place the order.
                if (e.key === 'Enter') {
                  e.preventDefault();
                  apply();
                }
              }}
              className="w-full min-w-0 rounded-lg border border-gray-300 bg-white px-3 py-2 text-base uppercase dark:border-gray-700 dark:bg-gray-900"
            />
            <button
              type="button"
              onClick={apply}
              className="shrink-0 rounded-lg border border-brand-700 px-4 font-bold text-brand-700 hover:bg-brand-50 dark:border-brand-100 dark:text-brand-100 dark:hover:bg-gray-900"
            >
              Apply
            </button>
          </div>
        </>
      )}
      <div id={messageId} aria-live="polite" className={editable ? 'mt-2' : ''}>
        {error ? (
          <p className="text-red-700 dark:text-red-300" data-testid="coupon-error">
            {error}
          </p>
        ) : result?.ok ? (
          <p className="font-semibold text-brand-700 dark:text-brand-100" data-testid="coupon-applied">
            {result.message}
            {replaced && <span className="block font-normal">One coupon per order: it replaces {replaced}.</span>}
          </p>
        ) : (
          !editable && <p className="text-gray-600 dark:text-gray-300">Have a coupon? Apply it at checkout.</p>
        )}
      </div>
      {code && (
        <button type="button" onClick={remove} className={`mt-1 ${link}`} aria-label={`Remove coupon ${code}`}>
          Remove
        </button>
      )}
    </div>
  );
}
