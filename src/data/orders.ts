/**
 * The spec's sample orders (section 3: "Order (sample only)"). Items name products of the sample catalogue by id,
 * so "Reorder Items" puts real products back in the cart; totals follow the cart's pricing rules.
 */
import { orderTotals, timeline, type Order, type OrderItem, type OrderTotals } from '../lib/orders.ts';

function sample(order: Omit<Order, keyof OrderTotals> & { items: OrderItem[] }): Order {
  return { ...order, ...orderTotals(order.items) };
}

const img = (kind: string) => `/images/catalogue/${kind}.svg`;

/** ORD-001 ... ORD-004: one of each status (delivered, on_way, processing) and one the site does not know. */
export const sampleOrders: readonly Order[] = [
  sample({
    id: 'ORD-001',
    status: 'delivered',
    date: '2025-06-14T10:30:00+05:30',
    deliveryTime: 'Delivered in 9 mins',
    address: 'House 42, Sector 14, Gurgaon, Haryana, 122001',
    items: [
      { id: 'amul-taaza-toned-milk-500-ml', name: 'Amul Taaza Toned Milk', quantity: 2, price: 28, unit: '500 ml', image_url: img('milk') },
      { id: 'britannia-brown-bread-400-g', name: 'Britannia Brown Bread', quantity: 1, price: 55, unit: '400 g', image_url: img('bread') },
      { id: 'farm-fresh-eggs-6-pcs', name: 'Farm Fresh Eggs', quantity: 1, price: 49, unit: '6 pcs', image_url: img('eggs') },
      { id: 'banana-robusta-6-pcs', name: 'Banana Robusta', quantity: 1, price: 48, unit: '6 pcs', image_url: img('banana') },
    ],
    timeline: timeline([
      '2025-06-14T10:30:00+05:30',
      '2025-06-14T10:31:00+05:30',
      '2025-06-14T10:33:00+05:30',
      '2025-06-14T10:34:00+05:30',
      '2025-06-14T10:39:00+05:30',
    ]),
  }),
  sample({
    id: 'ORD-002',
    status: 'on_way',
    date: '2025-06-12T18:05:00+05:30',
    deliveryTime: 'Arriving in 4 mins',
    address: 'House 42, Sector 14, Gurgaon, Haryana, 122001',
    items: [
      { id: 'onion-1-kg', name: 'Onion', quantity: 1, price: 39, unit: '1 kg', image_url: img('onion') },
      { id: 'tomato-hybrid-500-g', name: 'Tomato Hybrid', quantity: 2, price: 24, unit: '500 g', image_url: img('tomato') },
      {
        id: 'maggi-2-minute-noodles-masala-70-g',
        name: 'Maggi 2-Minute Noodles Masala',
        quantity: 4,
        price: 14,
        unit: '70 g',
        image_url: img('noodles'),
      },
    ],
    timeline: timeline([
      '2025-06-12T18:05:00+05:30',
      '2025-06-12T18:06:00+05:30',
      '2025-06-12T18:08:00+05:30',
      '2025-06-12T18:10:00+05:30',
    ]),
  }),
  sample({
    id: 'ORD-003',
    status: 'processing',
    date: '2025-06-10T08:15:00+05:30',
    deliveryTime: 'Arriving in 10 mins',
    address: 'Tower B, Flat 1203, DLF Phase 2, Gurgaon, Haryana, 122002',
    items: [
      {
        id: 'aashirvaad-shudh-chakki-atta-whole-wheat-flour-5-kg',
        name: 'Aashirvaad Shudh Chakki Atta (Whole Wheat Flour)',
        quantity: 1,
        price: 289,
        unit: '5 kg',
        image_url: img('atta'),
      },
      { id: 'amul-malai-paneer-200-g', name: 'Amul Malai Paneer', quantity: 1, price: 90, unit: '200 g', image_url: img('paneer') },
    ],
    timeline: timeline(['2025-06-10T08:15:00+05:30', '2025-06-10T08:16:00+05:30']),
  }),
  sample({
    id: 'ORD-004',
    status: 'cancelled',
    date: '2025-06-02T21:40:00+05:30',
    deliveryTime: 'Not delivered',
    address: 'House 42, Sector 14, Gurgaon, Haryana, 122001',
    items: [
      {
        id: 'lays-indias-magic-masala-potato-chips-50-g',
        name: "Lay's India's Magic Masala Potato Chips",
        quantity: 3,
        price: 20,
        unit: '50 g',
        image_url: img('chips'),
      },
      {
        id: 'india-gate-feast-rozzana-basmati-rice-5-kg',
        name: 'India Gate Feast Rozzana Basmati Rice',
        quantity: 1,
        price: 449,
        unit: '5 kg',
        image_url: img('rice'),
      },
    ],
    timeline: timeline(['2025-06-02T21:40:00+05:30']),
  }),
];

/** The sample order ids, which have pre-rendered detail pages. */
export const sampleOrderIds: ReadonlySet<string> = new Set(sampleOrders.map((order) => order.id));
