/** The spec's empty orders list: "No orders yet", and a way back to the shop. */
export default function NoOrders() {
  return (
    <div className="mt-12 text-center">
      <h2 className="text-xl font-bold">No orders yet</h2>
      <a href="/" className="mt-6 inline-block rounded-xl bg-brand-700 px-6 py-3 font-bold text-white hover:bg-brand-800">
        Start Shopping
      </a>
    </div>
  );
}
