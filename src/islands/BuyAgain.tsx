import { useStore } from '@nanostores/react';
import ProductList from '../components/ProductList.tsx';
import { recentlyBought, type Order } from '../lib/orders.ts';
import '../browser/cart-control.ts';
import { $placedOrders } from '../stores/orders.ts';

// The pre-rendered home page knows no orders: the row appears once the orders placed in this browser are read.
const NONE: Order[] = [];

/** "Buy again" on home: the products of the shopper's own orders, most recently bought first, with ADD steppers; nothing when there are none. */
export default function BuyAgain() {
  const products = recentlyBought(useStore($placedOrders, { ssr: () => NONE }));
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="buy-again" className="mt-8">
      <h2 id="buy-again" className="mb-3 text-lg font-bold">
        Buy again
      </h2>
      <ProductList products={products} layout="row" eager={0} />
    </section>
  );
}
