import { live } from 'thela:live-orders';

/** /staff/: the staff's orders in a live build (docs/orders.md, "Staff"); a simulated build has no orders to work. */
export default function StaffPage() {
  if (live) return <live.StaffApp />;
  return (
    <p className="mt-6 text-gray-600 dark:text-gray-300">
      This store runs the simulated checkout: no orders reach a shop. Staff sign in here once the store takes live orders.
    </p>
  );
}
