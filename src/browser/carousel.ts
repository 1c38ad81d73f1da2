// The home banner carousel (HeroCarousel.astro): auto-advance holds while hovered, focused or hidden, never with reduced motion.
import { reducedMotion as reduced, scrollBehavior } from './motion.ts';

for (const root of document.querySelectorAll<HTMLElement>('[data-carousel]')) {
  const track = root.querySelector<HTMLElement>('[data-track]');
  const slides = [...root.querySelectorAll<HTMLElement>('[data-slide]')];
  const dots = [...root.querySelectorAll<HTMLButtonElement>('[data-dot]')];
  const toggle = root.querySelector<HTMLButtonElement>('[data-toggle]');
  if (!track || slides.length === 0) continue;
  const interval = Number(root.dataset['interval']) || 5000;
  let selected = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  // Reasons the carousel is holding still; it advances only when there are none.
  const holds = new Set<string>();

  const show = (index: number) => {
    selected = (index + slides.length) % slides.length;
    dots.forEach((dot, i) => (i === selected ? dot.setAttribute('aria-current', 'true') : dot.removeAttribute('aria-current')));
    root.dataset['selected'] = String(selected);
  };
  const go = (index: number) => {
    show(index);
    track.scrollTo({ left: selected * track.clientWidth, behavior: scrollBehavior() });
  };
  const schedule = () => {
    clearInterval(timer);
    timer = undefined;
    if (holds.size === 0 && !reduced.matches) timer = setInterval(() => go(selected + 1), interval);
    root.dataset['playing'] = String(timer !== undefined);
  };
  const hold = (reason: string, on: boolean) => {
    if (on) holds.add(reason);
    else holds.delete(reason);
    schedule();
  };

  dots.forEach((dot, i) =>
    dot.addEventListener('click', () => {
      go(i);
      schedule();
    }),
  );
  toggle?.addEventListener('click', () => {
    const pause = !holds.has('button');
    hold('button', pause);
    toggle.setAttribute('aria-label', pause ? 'Play slides' : 'Pause slides');
    toggle.querySelector<HTMLElement>('[data-icon-pause]')?.toggleAttribute('hidden', pause);
    toggle.querySelector<HTMLElement>('[data-icon-play]')?.toggleAttribute('hidden', !pause);
  });
  // Swiping moves the track itself: follow it once the scroll settles, so the dots stay right. Settled, not on
  // every scroll event: a programmatic smooth scroll from the last slide back to the first passes the middle one.
  const settle = () => {
    const index = Math.round(track.scrollLeft / Math.max(1, track.clientWidth));
    if (index !== selected) show(index);
  };
  if ('onscrollend' in window) {
    track.addEventListener('scrollend', settle);
  } else {
    let settleTimer: ReturnType<typeof setTimeout> | undefined;
    track.addEventListener(
      'scroll',
      () => {
        clearTimeout(settleTimer);
        settleTimer = setTimeout(settle, 150);
      },
      { passive: true },
    );
  }
  track.addEventListener('pointerenter', (e) => e.pointerType === 'mouse' && hold('hover', true));
  track.addEventListener('pointerleave', (e) => e.pointerType === 'mouse' && hold('hover', false));
  track.addEventListener('touchstart', () => hold('touch', true), { passive: true });
  track.addEventListener('touchend', () => hold('touch', false), { passive: true });
  track.addEventListener('touchcancel', () => hold('touch', false), { passive: true });
  track.addEventListener('focusin', () => hold('focus', true));
  track.addEventListener('focusout', (e) => {
    if (!track.contains(e.relatedTarget as Node | null)) hold('focus', false);
  });
  document.addEventListener('visibilitychange', () => hold('hidden', document.hidden));
  reduced.addEventListener('change', schedule);
  show(0);
  schedule();
}
