import { orderStatus } from '../lib/orders.ts';

const TONES = {
  green: 'bg-green-100 text-green-800 dark:bg-green-900/50 dark:text-green-200',
  blue: 'bg-blue-100 text-blue-800 dark:bg-blue-900/50 dark:text-blue-200',
  orange: 'bg-orange-100 text-orange-800 dark:bg-orange-900/50 dark:text-orange-200',
  gray: 'bg-gray-100 text-gray-800 dark:bg-gray-800 dark:text-gray-200',
  red: 'bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200',
} as const;

/** An order's status as the spec shows it: "Delivered" green, "On the way" blue, "Processing" orange, else "Unknown". */
export default function OrderStatusBadge({ status, live = false }: { status: string; live?: boolean | undefined }) {
  const { label, tone } = orderStatus(status, live);
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[tone]}`} data-status={tone}>
      {label}
    </span>
  );
}
