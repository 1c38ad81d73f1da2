import { afterEach, describe, expect, test, vi } from 'vitest';
import { isOnline, onConnectionChange } from '../../src/lib/pwa/network.ts';

// A browser-like global: navigator.onLine and a window that dispatches online/offline events.
function fakeBrowser(onLine: boolean) {
  const navigator = { onLine };
  const window = new EventTarget();
  vi.stubGlobal('navigator', navigator);
  vi.stubGlobal('window', window);
  return {
    go(online: boolean) {
      navigator.onLine = online;
      window.dispatchEvent(new Event(online ? 'online' : 'offline'));
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('isOnline', () => {
  test('returns false only when the browser says it has no network', () => {
    fakeBrowser(false);
    expect(isOnline()).toBe(false);
    fakeBrowser(true);
    expect(isOnline()).toBe(true);
  });
});

describe('onConnectionChange', () => {
  test('calls back on each change until unsubscribed', () => {
    const browser = fakeBrowser(true);
    const seen: boolean[] = [];
    const stop = onConnectionChange((online) => seen.push(online));
    browser.go(false);
    browser.go(true);
    stop();
    browser.go(false);
    expect(seen).toEqual([false, true]);
  });
});
