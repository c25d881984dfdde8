import type { DiscountServices } from '../discounts/index.js';
import type { ProductService } from '../products/products.service.js';
import type { ShippingServices } from '../shipping/index.js';

/** What the cart needs from the other modules. */
export interface CartDependencies {
  products: ProductService;
  discounts: DiscountServices;
  shipping: ShippingServices;
}
