// Offline support (loaded by ServiceWorker.astro once the page is idle); the new-version notice's markup is made here.
import { registerServiceWorker } from '../lib/pwa/register.ts';
import { site } from '../lib/site.ts';
import { dismissButton, h } from './dom.ts';

/** Registers the worker and shows the new-version notice when an update is ready. */
export function startServiceWorker(): void {
  const region = document.querySelector<HTMLElement>('[data-sw-update-region]');
  const handle = registerServiceWorker(() => {
    if (!region || region.querySelector('[data-sw-update]')) return;
    const reload = h(
      'button',
      {
        type: 'button',
        class: 'shrink-0 rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-bold text-white hover:bg-brand-800',
      },
      'Reload',
    );
    const dismiss = dismissButton('Not now');
    const notice = h(
      'div',
      {
        class:
          'pointer-events-auto flex items-center gap-3 rounded-xl border border-gray-200 bg-white p-3 text-gray-900 shadow-lg dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100',
        'data-sw-update': true,
      },
      h('p', { class: 'min-w-0 flex-1 text-sm' }, `A new version of ${site.product} is ready.`),
      reload,
      dismiss,
    );
    reload.addEventListener('click', () => {
      reload.disabled = true;
      handle.applyUpdate();
    });
    dismiss.addEventListener('click', () => notice.remove());
    // Added to the live region, so screen readers announce it once.
    region.append(notice);
  });
}
