import type { Order, OrderItem } from '@cutout/contracts';

/** The goods of an order: delivery lines are summed apart (SPEC §9), never counted as products. */
export function productLines(order: Pick<Order, 'productItems'>): OrderItem[] {
  return order.productItems.filter((item) => item.typeId !== 'shopping_cart_product_types.delivery');
}

/** 'Portrait backdrop (white)': a line's name with its option, as on the invoice. */
export function lineName(item: Pick<OrderItem, 'name' | 'optionName'>): string {
  return item.optionName ? `${item.name} (${item.optionName})` : item.name;
}
