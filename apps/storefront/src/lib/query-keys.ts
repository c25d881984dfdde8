/** Query keys shared by features that read or change the same data (features never import each other). */
export const keys = {
  cart: ['cart'] as const,
  member: ['member'] as const,
  orders: ['orders'] as const,
  order: (id: string) => ['orders', id] as const,
  checkout: (id: string) => ['checkout', id] as const,
  savedCards: ['saved-cards'] as const,
};
