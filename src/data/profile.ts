/** The profile screens' static content (spec sections 2 and 3): the fixed guest user, sample cards and addresses. */

/** The fixed guest user of the profile card and the personal information form. */
export const guestUser = {
  firstName: 'Guest',
  lastName: 'User',
  email: 'guest@example.com',
  phone: '+91 98765 43210',
  dateOfBirth: '',
} as const;

/** A saved card (sample). */
export interface PaymentMethod {
  id: string;
  type: 'visa' | 'mastercard';
  last4: string;
  expiry: string;
  name: string;
  isDefault: boolean;
}

/** Sample payment methods. */
export const paymentMethods: readonly PaymentMethod[] = [
  { id: 'card-1', type: 'visa', last4: '4242', expiry: '12/27', name: 'Guest User', isDefault: true },
  { id: 'card-2', type: 'mastercard', last4: '5454', expiry: '08/26', name: 'Guest User', isDefault: false },
];

/** A saved address (sample). */
export interface SavedAddress {
  id: string;
  type: 'home' | 'work';
  label: string;
  name: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
  phone: string;
  isDefault: boolean;
}

/**
 * The sample addresses: a home and a work address in the shop's default delivery area (the header's), so the
 * "Deliver to" quick picks are served and no address names a city the shop does not deliver to. None when the
 * catalogue delivers nowhere. The delivery areas have no state, so neither have these.
 */
export function sampleAddresses(place: { area: string; city: string; pincode: string } | null): SavedAddress[] {
  if (!place) return [];
  const at = (id: string, type: SavedAddress['type'], label: string, street: string, isDefault: boolean): SavedAddress => ({
    id,
    type,
    label,
    name: 'Guest User',
    address: `${street}, ${place.area}`,
    city: place.city,
    state: '',
    pincode: place.pincode,
    phone: '+91 98765 43210',
    isDefault,
  });
  return [at('addr-1', 'home', 'Home', 'House 42', true), at('addr-2', 'work', 'Work', 'Tower B, 3rd Floor', false)];
}
