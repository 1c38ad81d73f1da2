/**
 * The toasts on screen (Toaster.astro): each notice of `src/stores/toasts.ts` drawn from the page's template into its
 * live region, with its dismiss button, held while hovered or focused. Loaded with the first notice of a page.
 */
import { $toasts, dismissToast, holdToast, type Toast } from '../stores/toasts.ts';

const template = document.querySelector<HTMLTemplateElement>('[data-toast-template]');
const regions = {
  default: document.querySelector<HTMLElement>('[data-toast-region="default"]'),
  destructive: document.querySelector<HTMLElement>('[data-toast-region="destructive"]'),
};
const shown = new Map<number, HTMLElement>();
const styles = {
  default: ['border-gray-200', 'bg-white', 'text-gray-900', 'dark:border-gray-700', 'dark:bg-gray-900', 'dark:text-gray-100'],
  destructive: ['border-red-700', 'bg-red-700', 'text-white'],
};

function render(toast: Toast): HTMLElement | null {
  const node = template?.content.firstElementChild?.cloneNode(true);
  if (!(node instanceof HTMLElement)) return null;
  node.classList.add(...styles[toast.variant]);
  const title = node.querySelector('[data-toast-title]');
  const description = node.querySelector<HTMLElement>('[data-toast-description]');
  if (title) title.textContent = toast.title;
  if (description) {
    description.textContent = toast.description;
    description.hidden = toast.description === '';
  }
  node.querySelector('[data-toast-dismiss]')?.addEventListener('click', () => dismissToast(toast.id));
  node.addEventListener('pointerenter', () => holdToast(toast.id, true));
  node.addEventListener('pointerleave', () => holdToast(toast.id, false));
  node.addEventListener('focusin', () => holdToast(toast.id, true));
  node.addEventListener('focusout', (event) => {
    if (!node.contains(event.relatedTarget as Node | null)) holdToast(toast.id, false);
  });
  return node;
}

$toasts.subscribe((toasts) => {
  const ids = new Set(toasts.map((t) => t.id));
  for (const [id, node] of shown) {
    if (!ids.has(id)) {
      node.remove();
      shown.delete(id);
    }
  }
  for (const toast of toasts) {
    if (shown.has(toast.id)) continue;
    const node = render(toast);
    const region = regions[toast.variant];
    if (!node || !region) continue;
    region.append(node);
    shown.set(toast.id, node);
  }
});
