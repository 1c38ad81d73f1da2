import { useId, useState } from 'react';
import { formatPaise } from '../../lib/format.ts';
import { isFinal, type ServerOrder } from '../../lib/live-orders.ts';
import { formatAddress, formatStepTime } from '../../lib/orders.ts';
import { removeOrderLine, setOrderStatus, type StaffAnswer } from '../../lib/staff-api.ts';

/** What the staff call each status. */
export const STATUS_NAMES: Readonly<Record<string, string>> = {
  placed: 'New',
  confirmed: 'Confirmed',
  packed: 'Packed',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** The one big button of each open status: the next step, as the staff say it. */
const NEXT: Readonly<Record<string, { status: string; label: string }>> = {
  placed: { status: 'confirmed', label: 'Confirm' },
  confirmed: { status: 'packed', label: 'Packed' },
  packed: { status: 'out_for_delivery', label: 'Out for delivery' },
  out_for_delivery: { status: 'delivered', label: 'Delivered' },
};

/** Lines can leave an order until it goes out. */
const BEFORE_DISPATCH: ReadonlySet<string> = new Set(['placed', 'confirmed', 'packed']);

const big = 'min-h-14 w-full rounded-xl px-4 text-lg font-bold disabled:opacity-60';
const small = 'min-h-11 rounded-lg border px-3 text-sm font-semibold disabled:opacity-60';
const field = 'mt-1 w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-base dark:border-gray-700 dark:bg-gray-900';

/** "4 min", "1 h 5 min": how long an order has waited. */
function waited(since: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

interface CardProps {
  order: ServerOrder;
  /** When the list was read (its ages are counted to then). */
  now: number;
  /** Arrived since the page first loaded, and not looked at yet. */
  isNew: boolean;
  onSeen: () => void;
  onChanged: (order: ServerOrder) => void;
  /** The database refused (`why`, in words, or '' when it was done before): the list is read again. */
  onStale: (why: string) => void;
  onSignedOut: () => void;
}

/** One order as a packer needs it, with the next step, a cancel that asks why, and a line's removal. */
export default function StaffOrderCard({ order, now, isNew, onSeen, onChanged, onStale, onSignedOut }: CardProps) {
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ text: string; bad: boolean } | null>(null);
  const [asking, setAsking] = useState<'cancel' | { remove: string } | null>(null);
  const [reason, setReason] = useState('');
  const id = useId();
  const next = NEXT[order.status];
  const lastEvent = order.events.filter((e) => e.status === order.status).at(-1);

  /** Sends one change; a refusal that shows the order already where the tap wanted it counts as done. */
  async function send(change: () => Promise<StaffAnswer<ServerOrder>>, wanted: string | null, done: string) {
    if (busy) return;
    onSeen();
    setBusy(true);
    setNote(null);
    const answer = await change();
    setBusy(false);
    switch (answer.kind) {
      case 'ok':
        onChanged(answer.data);
        setAsking(null);
        setReason('');
        setNote({ text: done, bad: false });
        return;
      case 'refused': {
        const now = answer.refusal.code === 'TRANSITION' ? answer.refusal.detail : '';
        setAsking(null);
        // Tapped twice, the first tap arrived: the order is where the tap wanted it, so it is done.
        if (wanted !== null && now === wanted) {
          setNote({ text: done, bad: false });
          onStale('');
          return;
        }
        const detail = 'detail' in answer.refusal ? answer.refusal.detail : '';
        const why =
          now === 'cancelled'
            ? 'The shopper cancelled this order meanwhile.'
            : now
              ? `Not changed: this order is already ${STATUS_NAMES[now]?.toLowerCase() ?? now}.`
              : detail === 'last_line'
                ? 'That is the last line: cancel the order instead.'
                : 'Not changed: the order was refused the change.';
        setNote({ text: why, bad: true });
        onStale(`${order.number}: ${why}`);
        return;
      }
      case 'network':
        setNote({ text: 'Not sent: no connection. Check it and tap again.', bad: true });
        return;
      case 'denied':
        onSignedOut();
        return;
      case 'failed':
        setNote({ text: 'Something went wrong. Tap again.', bad: true });
    }
  }

  const removable = BEFORE_DISPATCH.has(order.status) && order.lines.length > 1;

  return (
    <article
      aria-labelledby={`${id}-number`}
      className={`rounded-2xl border-2 p-4 ${isNew ? 'border-orange-500 bg-orange-50 dark:bg-gray-900' : 'border-gray-200 dark:border-gray-800'}`}
      data-order={order.number}
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id={`${id}-number`} className="text-xl font-extrabold tracking-wide">
            {order.number}
            {isNew && <span className="ml-2 rounded-full bg-orange-600 px-2 py-0.5 align-middle text-xs font-bold text-white">New</span>}
          </h2>
          <p className="text-sm text-gray-700 dark:text-gray-300">
            {isFinal(order.status)
              ? `${STATUS_NAMES[order.status] ?? order.status}${lastEvent ? ` at ${formatStepTime(lastEvent.at)}` : ''}`
              : `Waiting ${waited(order.created_at, now)} · ${STATUS_NAMES[order.status] ?? order.status}`}
          </p>
        </div>
        <p className="text-right text-lg font-bold tabular-nums">{formatPaise(order.total_paise)}</p>
      </div>

      <ul
        className="mt-3 divide-y divide-gray-200 rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800"
        aria-label="Items"
      >
        {order.lines.map((line) => (
          <li key={line.product_id} className="flex items-center gap-3 px-3 py-2">
            <span className="w-10 shrink-0 text-lg font-extrabold tabular-nums">{line.quantity}×</span>
            <span className="min-w-0 flex-1">
              {line.name} <span className="text-sm text-gray-600 dark:text-gray-300">({line.unit})</span>
            </span>
            {removable && (
              <button
                type="button"
                className={`${small} border-gray-300 dark:border-gray-700`}
                onClick={() => {
                  setAsking({ remove: line.product_id });
                  setReason('');
                }}
              >
                Remove <span className="sr-only">{line.name}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      {order.removed_lines.length > 0 && (
        <p className="mt-2 text-sm text-gray-600 dark:text-gray-300">
          Removed: {order.removed_lines.map((line) => `${line.name} × ${line.quantity}`).join(', ')}
        </p>
      )}

      <div className="mt-3 space-y-1 text-sm">
        <p>
          <strong>{order.name}</strong> ·{' '}
          <a href={`tel:+91${order.phone}`} className="font-semibold text-brand-700 underline dark:text-brand-100">
            {order.phone.replace(/^(\d{5})(\d{5})$/, '$1 $2')}
          </a>
        </p>
        <p>{formatAddress(order.address)}</p>
        <p className="font-semibold">Cash on delivery: collect {formatPaise(order.total_paise)}</p>
        {order.status === 'cancelled' && (
          <p className="font-semibold text-red-800 dark:text-red-200">
            Cancelled by {order.cancelled_by === 'shop' ? `the shop: ${order.cancel_reason ?? ''}` : 'the shopper'}
          </p>
        )}
      </div>

      <p
        role={note?.bad ? 'alert' : 'status'}
        className={`mt-3 text-sm font-semibold empty:hidden ${note?.bad ? 'text-red-700 dark:text-red-300' : 'text-brand-700 dark:text-brand-100'}`}
      >
        {note?.text}
      </p>

      {asking !== null ? (
        <form
          className="mt-3 space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            const why = reason.trim();
            if (asking === 'cancel') {
              // A cancel without a reason is not sent.
              if (why === '') return;
              void send(() => setOrderStatus(order.order_id, 'cancelled', why), 'cancelled', `Cancelled ${order.number}.`);
            } else {
              const line = order.lines.find((l) => l.product_id === asking.remove);
              void send(
                () => removeOrderLine(order.order_id, asking.remove, why || 'Out of stock'),
                null,
                `Removed ${line?.name ?? 'the line'}.`,
              );
            }
          }}
        >
          <label htmlFor={`${id}-reason`} className="text-sm font-medium">
            {asking === 'cancel' ? 'Why is it cancelled? (the shopper sees this)' : 'Why is it removed? (the shopper sees this)'}
          </label>
          <input
            id={`${id}-reason`}
            value={reason}
            maxLength={200}
            required={asking === 'cancel'}
            placeholder={asking === 'cancel' ? '' : 'Out of stock'}
            onChange={(event) => setReason(event.target.value)}
            className={field}
          />
          <div className="grid grid-cols-2 gap-2">
            <button
              type="submit"
              disabled={busy || (asking === 'cancel' && reason.trim() === '')}
              className={`${small} border-red-700 bg-red-700 text-white`}
            >
              {asking === 'cancel' ? 'Cancel order' : 'Remove line'}
            </button>
            <button type="button" className={`${small} border-gray-300 dark:border-gray-700`} onClick={() => setAsking(null)}>
              Keep it
            </button>
          </div>
        </form>
      ) : (
        next && (
          <div className="mt-3 space-y-2">
            <button
              type="button"
              disabled={busy}
              aria-busy={busy || undefined}
              onClick={() =>
                void send(
                  () => setOrderStatus(order.order_id, next.status),
                  next.status,
                  `${order.number}: ${STATUS_NAMES[next.status] ?? ''}.`,
                )
              }
              className={`${big} bg-brand-700 text-white hover:bg-brand-800`}
            >
              {busy ? 'Sending…' : next.label}
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => {
                setAsking('cancel');
                setReason('');
              }}
              className={`${small} w-full border-red-700 text-red-800 dark:border-red-300 dark:text-red-200`}
            >
              Cancel order
            </button>
          </div>
        )
      )}
    </article>
  );
}
