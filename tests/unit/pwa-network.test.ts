import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { isOnline, onConnectionChange } from '../../src/lib/pwa/network.ts';
import { $online } from '../../src/stores/network.ts';

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
  cleanStores($online);
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

describe('$online', () => {
  test('starts from navigator.onLine and follows the events while listened to', () => {
    const browser = fakeBrowser(false);
    const values: boolean[] = [];
    const stop = $online.subscribe((online) => values.push(online));
    browser.go(true);
    browser.go(false);
    stop();
    expect(values).toEqual([false, true, false]);
  });
});
