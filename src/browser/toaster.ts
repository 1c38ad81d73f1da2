// The toasts on screen (Toaster.astro), loaded with a page's first notice: the markup is made here, so no first render carries it.
import { $toasts, dismissToast, holdToast, type Toast } from '../stores/toasts.ts';
import { dismissButton, h } from './dom.ts';

const regions = {
  default: document.querySelector<HTMLElement>('[data-toast-region="default"]'),
  destructive: document.querySelector<HTMLElement>('[data-toast-region="destructive"]'),
};
const shown = new Map<number, HTMLElement>();
const styles = {
  default: 'border-gray-200 bg-white text-gray-900 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100',
  destructive: 'border-red-700 bg-red-700 text-white',
};

function render(toast: Toast): HTMLElement {
  const description = h('p', { class: 'text-sm' }, toast.description);
  description.hidden = toast.description === '';
  const dismiss = dismissButton('Dismiss notification');
  const node = h(
    'div',
    { class: `pointer-events-auto flex items-start gap-3 rounded-xl border p-3 shadow-lg ${styles[toast.variant]}` },
    h('div', { class: 'min-w-0 flex-1' }, h('p', { class: 'text-sm font-bold' }, toast.title), description),
    dismiss,
  );
  dismiss.addEventListener('click', () => dismissToast(toast.id));
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
    const region = regions[toast.variant];
    if (!region) continue;
    const node = render(toast);
    region.append(node);
    shown.set(toast.id, node);
  }
});
