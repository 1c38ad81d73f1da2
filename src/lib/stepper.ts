/**
 * The product name's slot in the labels of a page's shared cart stepper (CartControl.tsx renders it, cart-control.ts
 * fills it in). A module of its own so the browser bundle inlines it rather than importing it from the cart chunk.
 */
export const STEPPER_NAME = '{name}';
