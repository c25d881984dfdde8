import type { CartServices } from '../cart/index.js';
import type { DiscountServices } from '../discounts/index.js';
import type { ShippingServices } from '../shipping/index.js';

/** What the checkout needs from the other modules. */
export interface CheckoutDependencies {
  cart: CartServices;
  discounts: DiscountServices;
  shipping: ShippingServices;
}
