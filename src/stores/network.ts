import { atom, onMount } from 'nanostores';
import { isOnline } from '../lib/pwa/network.ts';

/**
 * Whether the browser has a network connection (navigator.onLine, kept up to date by the online/offline events
 * while anything listens). True on the server and before the first listener.
 */
export const $online = atom<boolean>(true);

onMount($online, () => {
  const update = () => $online.set(isOnline());
  update();
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  return () => {
    window.removeEventListener('online', update);
    window.removeEventListener('offline', update);
  };
});
