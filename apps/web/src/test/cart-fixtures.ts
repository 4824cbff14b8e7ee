import type { ShoppingCart } from '@cutout/contracts';

/** A cart answer with nothing in it but what the test says (the add-to-cart answers). */
export function cartAnswerFixture(overrides: Partial<ShoppingCart> = {}): ShoppingCart {
  return {
    id: 'cart-1',
    currency: 'RUB',
    productItems: [],
    productCount: 0,
    paymentOptionId: null,
    paymentOption: null,
    deliveryOptionId: null,
    deliveryOption: null,
    deliveryContactSetId: null,
    deliveryContactSet: null,
    recipientContactSetId: null,
    recipientContactSet: null,
    deliveryRequired: false,
    recipientRequired: false,
    couponCodePrompt: null,
    bonusPointBalance: 0,
    bonusPointOutcome: 0,
    amount: 0,
    amountWithoutDiscount: 0,
    productsAmount: 0,
    deliveryAmount: 0,
    discountAmount: 0,
    vatAmount: 0,
    errorReason: 'cart_error_empty',
    ...overrides,
  };
}
