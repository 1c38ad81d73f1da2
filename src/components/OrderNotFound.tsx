/** An order page's "Order not found": the id asked for (cut short), and the way back to the list. */
export default function OrderNotFound({ id }: { id: string }) {
  return (
    <div className="mt-12 text-center">
      <h1 className="text-2xl font-bold">Order not found</h1>
      <p className="mt-2 text-gray-600 dark:text-gray-300">
        {id ? `There is no order "${id.slice(0, 80)}" in this browser.` : 'No order was given.'}
      </p>
      <a href="/orders" className="mt-6 inline-block rounded-xl bg-brand-700 px-6 py-3 font-bold text-white hover:bg-brand-800">
        View all orders
      </a>
    </div>
  );
}
