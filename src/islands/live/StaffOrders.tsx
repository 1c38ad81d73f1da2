import { useCallback, useEffect, useRef, useState } from 'react';
import { isFinal, type ServerOrder } from '../../lib/live-orders.ts';
import { setStoreActive, shopOrders, staffStores, type StaffAnswer, type StaffStore } from '../../lib/staff-api.ts';
import StaffOrderCard, { STATUS_NAMES } from './StaffOrderCard.tsx';
import { usePolling } from './use-polling.ts';

/** localStorage key of the staff's "Sound for new orders" choice (off unless they turn it on). */
const SOUND_KEY = 'thela-staff-sound';
const FILTERS = ['all', 'placed', 'confirmed', 'packed', 'out_for_delivery'] as const;
type Filter = (typeof FILTERS)[number];

const chip = (on: boolean) =>
  `min-h-11 shrink-0 rounded-full border px-4 text-sm font-semibold ${on ? 'border-brand-700 bg-brand-700 text-white' : 'border-gray-300 dark:border-gray-700'}`;

/** A short tone and a buzz where the browser allows it (after a tap on the page, as browsers require). */
function alertNewOrders(): void {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 880;
    gain.gain.value = 0.2;
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.25);
    tone.onended = () => void audio.close();
  } catch {
    // No sound here: the title and the highlight still say it.
  }
  // Absent in some browsers, whatever the DOM types say.
  if ('vibrate' in navigator) navigator.vibrate([200, 100, 200]);
}

/** The day's orders of the staff's stores: open ones first by age, done today behind a tab; asks again by itself. */
export default function StaffOrders({ onSignedOut }: { onSignedOut: () => void }) {
  const [orders, setOrders] = useState<ServerOrder[] | null>(null);
  const [stores, setStores] = useState<StaffStore[]>([]);
  const [trouble, setTrouble] = useState<string | null>(null);
  // The last refused change, said above the list: its order may have moved to another tab meanwhile.
  const [refused, setRefused] = useState<string | null>(null);
  const [tab, setTab] = useState<'open' | 'done'>('open');
  const [filter, setFilter] = useState<Filter>('all');
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const [sound, setSound] = useState(() => localStorage.getItem(SOUND_KEY) === 'on');
  const seen = useRef<Set<string> | null>(null);
  const soundOn = useRef(sound);
  const [now, setNow] = useState(0);
  useEffect(() => {
    soundOn.current = sound;
  }, [sound]);

  const settle = useCallback(
    (answer: StaffAnswer<unknown>): boolean => {
      if (answer.kind === 'ok') return true;
      if (answer.kind === 'denied') onSignedOut();
      setTrouble(
        answer.kind === 'network'
          ? 'No connection: showing the orders as last loaded. They load again by themselves.'
          : 'Could not load the orders right now. They load again by themselves.',
      );
      return false;
    },
    [onSignedOut],
  );

  const load = useCallback(async () => {
    const [read, mine] = await Promise.all([shopOrders(), staffStores()]);
    if (mine.kind === 'ok') setStores(mine.data);
    if (!settle(read) || read.kind !== 'ok') return;
    setTrouble(null);
    setNow(Date.now());
    setOrders(read.data);
    const ids = read.data.map((order) => order.order_id);
    if (seen.current !== null) {
      const known = seen.current;
      const arrived = read.data.filter((order) => !known.has(order.order_id) && order.status === 'placed').map((o) => o.order_id);
      if (arrived.length > 0) {
        setFresh((before) => new Set([...before, ...arrived]));
        if (soundOn.current) alertNewOrders();
      }
    }
    seen.current = new Set([...(seen.current ?? []), ...ids]);
  }, [settle]);

  // The staff's list may always gain an order: it is read again for as long as the page is open.
  usePolling(
    useCallback(async () => {
      await load();
      return true;
    }, [load]),
  );

  // The count of new orders in the title, where a phone's tab shows it.
  useEffect(() => {
    const base = document.title.replace(/^\(\d+\) /, '');
    document.title = fresh.size > 0 ? `(${fresh.size}) ${base}` : base;
  }, [fresh]);

  const seenNow = (orderId: string) =>
    setFresh((before) => {
      if (!before.has(orderId)) return before;
      const next = new Set(before);
      next.delete(orderId);
      return next;
    });

  const replace = (order: ServerOrder) => setOrders((list) => list?.map((o) => (o.order_id === order.order_id ? order : o)) ?? null);

  async function toggleStore(store: StaffStore) {
    const answer = await setStoreActive(store.id, !store.is_active);
    if (answer.kind === 'ok') setStores((list) => list.map((s) => (s.id === store.id ? answer.data : s)));
    else settle(answer);
  }

  const open = (orders ?? []).filter((order) => !isFinal(order.status));
  const done = (orders ?? []).filter((order) => isFinal(order.status));
  const shown = tab === 'done' ? done : open.filter((order) => filter === 'all' || order.status === filter);

  return (
    <div className="mt-4 space-y-4">
      {stores.map((store) => (
        <div key={store.id} className="flex items-center justify-between gap-3 rounded-xl border border-gray-200 p-3 dark:border-gray-800">
          <div className="min-w-0">
            <p className="truncate font-semibold">{store.name}</p>
            <p className="text-sm text-gray-600 dark:text-gray-300">{store.is_active ? 'Taking new orders' : 'Paused: no new orders'}</p>
          </div>
          <button
            type="button"
            role="switch"
            aria-checked={store.is_active}
            aria-label={`${store.name} takes new orders`}
            onClick={() => void toggleStore(store)}
            className={`min-h-11 shrink-0 rounded-full px-4 font-bold ${store.is_active ? 'bg-brand-700 text-white' : 'border border-gray-400 dark:border-gray-600'}`}
          >
            {store.is_active ? 'On' : 'Off'}
          </button>
        </div>
      ))}

      <label className="flex min-h-11 items-center gap-3 text-sm font-medium">
        <input
          type="checkbox"
          className="size-5 accent-brand-700"
          checked={sound}
          onChange={(event) => {
            setSound(event.target.checked);
            localStorage.setItem(SOUND_KEY, event.target.checked ? 'on' : 'off');
          }}
        />
        Sound and vibration for new orders
      </label>

      <p
        role="alert"
        className="rounded-lg bg-red-50 px-3 py-2 text-sm font-semibold text-red-800 empty:hidden dark:bg-gray-800 dark:text-red-200"
      >
        {refused}
      </p>
      {trouble && (
        <p role="status" className="rounded-lg bg-gray-100 px-3 py-2 text-sm dark:bg-gray-800">
          {trouble}
        </p>
      )}

      <div role="tablist" aria-label="Orders" className="grid grid-cols-2 gap-2">
        {(['open', 'done'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            onClick={() => setTab(name)}
            className={`min-h-12 rounded-xl font-bold ${tab === name ? 'bg-brand-700 text-white' : 'border border-gray-300 dark:border-gray-700'}`}
          >
            {name === 'open' ? `Open (${open.length})` : `Done today (${done.length})`}
          </button>
        ))}
      </div>

      {tab === 'open' && (
        <div role="group" aria-label="Show" className="flex gap-2 overflow-x-auto pb-1">
          {FILTERS.map((name) => (
            <button
              key={name}
              type="button"
              aria-pressed={filter === name}
              onClick={() => setFilter(name)}
              className={chip(filter === name)}
            >
              {name === 'all' ? 'All' : STATUS_NAMES[name]}
            </button>
          ))}
        </div>
      )}

      {orders === null ? (
        trouble === null && (
          <p role="status" className="animate-pulse text-gray-600 dark:text-gray-300">
            Loading orders…
          </p>
        )
      ) : shown.length === 0 ? (
        <p className="py-6 text-center text-gray-600 dark:text-gray-300">
          {tab === 'done' ? 'Nothing delivered or cancelled today yet.' : 'No open orders right now. New ones appear here by themselves.'}
        </p>
      ) : (
        <ul className="space-y-4" aria-label={tab === 'open' ? 'Open orders' : 'Done today'}>
          {shown.map((order) => (
            <li key={order.order_id}>
              <StaffOrderCard
                order={order}
                now={now}
                isNew={fresh.has(order.order_id)}
                onSeen={() => seenNow(order.order_id)}
                onChanged={replace}
                onStale={(why) => {
                  setRefused(why || null);
                  void load();
                }}
                onSignedOut={onSignedOut}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
