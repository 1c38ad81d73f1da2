/**
 * "Claim Now" (home offers strip) and "Apply Now" (offers page): a `<button data-claim="CODE">` applies its coupon
 * (src/stores/coupon.ts; one per order, so it replaces any other), copies the code when the browser lets it, and
 * says so in a notice; a `[data-claim-status]` inside the same card repeats it for screen readers next to the button.
 */
import { COUPON_RULES, isCouponCode } from '../lib/coupons.ts';
import { applyCoupon } from '../stores/coupon.ts';
import { showToast } from '../stores/toasts.ts';

async function copied(code: string): Promise<boolean> {
  try {
    // Absent outside secure contexts, and refused without permission: the code is applied either way.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- absent in insecure contexts despite the DOM types
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(code);
    return true;
  } catch {
    return false;
  }
}

async function claim(button: HTMLButtonElement): Promise<void> {
  const code = button.dataset['claim'] ?? '';
  if (!isCouponCode(code) || applyCoupon(code) === null) return;
  const copy = await copied(code);
  const description = `${COUPON_RULES[code].summary}. It comes off at checkout${copy ? '; the code is copied too' : ''}.`;
  const status = button.closest('[data-claim-card]')?.querySelector('[data-claim-status]');
  if (status) status.textContent = `${code} applied.`;
  showToast({ title: `Coupon ${code} applied`, description });
}

document.addEventListener('click', (event) => {
  const target = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('button[data-claim]') : null;
  if (target) void claim(target);
});
