// "Claim Now" (home) and "Apply Now" (offers): `<button data-claim="CODE">` applies and copies its coupon, and says so.
import { isCodeShaped } from '../lib/coupon-codes.ts';
import { $cartItems } from '../stores/cart.ts';
import { applyCoupon } from '../stores/coupon.ts';
import { showToast } from '../stores/toasts.ts';

function claim(button: HTMLButtonElement): void {
  const code = button.dataset['claim'] ?? '';
  if (!isCodeShaped(code) || applyCoupon(code) === null) return;
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- absent in insecure contexts despite the DOM types
  navigator.clipboard?.writeText(code).catch(() => undefined);
  const status = button.closest('[data-claim-card]')?.querySelector('[data-claim-status]');
  if (status) status.textContent = `${code} applied.`;
  const description =
    $cartItems.get().length === 0
      ? 'Add items to your cart: the code is counted at checkout.'
      : 'Your cart and checkout show what it takes off, or what it still needs.';
  showToast({ title: `Coupon ${code} applied`, description });
}

document.addEventListener('click', (event) => {
  const target = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('button[data-claim]') : null;
  if (target) claim(target);
});
