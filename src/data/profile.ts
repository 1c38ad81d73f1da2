/** The profile screens' static content (spec sections 2 and 3): the fixed guest user, sample cards and addresses. */

/** The fixed guest user of the profile card and the personal information form. */
export const guestUser = {
  firstName: 'Guest',
  lastName: 'User',
  email: 'guest@example.com',
  phone: '+91 98765 43210',
  dateOfBirth: '',
} as const;

/** Sample saved cards. */
export const paymentMethods = [
  { id: 'card-1', type: 'visa', last4: '4242', expiry: '12/27', name: 'Guest User', isDefault: true },
  { id: 'card-2', type: 'mastercard', last4: '5454', expiry: '08/26', name: 'Guest User', isDefault: false },
] as const;

/** A home and a work address in the default delivery area, so "Deliver to" picks are served (areas have no state). */
export function sampleAddresses(place: { area: string; city: string; pincode: string } | null) {
  if (!place) return [];
  const at = (id: string, type: 'home' | 'work', label: string, street: string, isDefault: boolean) => ({
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
