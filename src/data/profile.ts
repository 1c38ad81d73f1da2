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

/** Sample addresses. */
export const savedAddresses: readonly SavedAddress[] = [
  {
    id: 'addr-1',
    type: 'home',
    label: 'Home',
    name: 'Guest User',
    address: 'House 42, Sector 14',
    city: 'Gurgaon',
    state: 'Haryana',
    pincode: '122001',
    phone: '+91 98765 43210',
    isDefault: true,
  },
  {
    id: 'addr-2',
    type: 'work',
    label: 'Work',
    name: 'Guest User',
    address: 'Tower B, Cyber City, DLF Phase 2',
    city: 'Gurgaon',
    state: 'Haryana',
    pincode: '122002',
    phone: '+91 98765 43210',
    isDefault: false,
  },
];
