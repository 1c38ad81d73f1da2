/** Support hours (spec section 2). */
export const SUPPORT_HOURS = 'Monday to Sunday 24/7';
