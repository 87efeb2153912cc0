import type { ReceiptWire } from '../schemas/receipt.schema'
import type { SessionResponseWire } from '../schemas/session.schema'
import type { ShopResponseWire } from '../schemas/shop.schema'

/**
 * Valid platform answers for api tests (SPEC §3), in the wire shapes of CONTRACT.md. Builders
 * return fresh objects so tests may mutate them.
 */

/** A shop with two articles, one deviation group and two payment methods; tags and groups as arrays. */
export function shopWire(): ShopResponseWire {
  return {
    shop: {
      title: 'Kaffebaren',
      primaryColor: '#0a7a3d',
      backgroundColor: '#ffffff',
      displayType: 'NO_IMAGE',
      openHours: 'Mon–Fri 8–17',
      active: true,
      requireReference: false,
      description: 'Coffee and buns',
      refundPolicy: 'No refunds on eaten buns.',
      customerInputs: {
        nameInput: { active: true, required: true },
        emailInput: { active: true, required: false },
        phoneInput: { active: false, required: false },
        addressInput: { active: false, required: false },
        extraInfoInput: { active: true, required: false },
      },
    },
    company: {
      country: 'SE',
      currency: 'SEK',
      logo: 'https://cdn.example/logo.png',
      name: 'Kaffebaren AB',
      organizationnumber: '556000-0000',
      street: 'Storgatan 1',
      postalCode: '111 22',
      city: 'Stockholm',
      phone: '08-123 45',
      email: 'hej@kaffebaren.se',
    },
    categories: [{ id: 'c1', name: 'Drinks', sortedProducts: ['a1', 'a2'] }],
    articles: {
      a1: {
        id: 'a1',
        title: 'Latte',
        description: 'Milk coffee',
        price: 4500,
        image: null,
        tags: ['t1'],
        category: 'c1',
        availableDeviations: { deviationGroupes: ['g1'] },
        count: 10,
        limitStock: true,
        outOfStock: false,
      },
      a2: { id: 'a2', title: 'Bun', price: 3000, limitStock: false },
    },
    deviations: { d1: { id: 'd1', name: 'Oat milk', price: 500 }, d2: { id: 'd2', name: 'Extra shot' } },
    deviationGroups: [{ id: 'g1', name: 'Milk', minCount: 0, maxCount: 1, deviationIds: ['d1', 'd2'] }],
    paymentMethods: [
      { id: 'pm1', type: 'SWISH_TRADE' },
      { id: 'pm2', type: 'STRIPE', stripeAccountId: 'acct_1' },
    ],
    tags: [{ id: 't1', tag: 'Vegan', color: null }],
  }
}

/** A session with one cart line, an open tab and a started payment. */
export function sessionWire(): SessionResponseWire {
  return {
    cart: [{ id: 'ci1', productId: 'a1', count: 2, deviations: ['d1', 'd1'], description: 'hot' }],
    tabItems: [{ id: 'tl1', count: 1 }],
    activeTab: {
      id: 'tab1',
      customerReference: 'Table 4',
      cart: [
        {
          id: 'tl1',
          count: 2,
          price: 4500,
          product: { id: 'a1', title: 'Latte', price: 4500 },
          deviations: [{ id: 'd1', name: 'Oat milk', price: 500 }],
          description: '',
        },
      ],
    },
    paymentStatus: 'STARTED',
    paymentId: 'swish-token',
    paymentIntentId: null,
    receiptId: null,
    paymentMethodId: 'pm1',
    message: null,
    orderReference: '4',
  }
}

/** A receipt with one discounted product and one payment. */
export function receiptWire(): ReceiptWire {
  return {
    receiptId: '1042',
    id: 'r-abc',
    name: 'Kaffebaren AB',
    organizationnumber: '556000-0000',
    street: 'Storgatan 1',
    postalcode: '111 22',
    city: 'Stockholm',
    phone: '08-123 45',
    products: [
      {
        id: 'a1',
        title: 'Latte',
        count: 2,
        price: 4500,
        description: 'hot',
        deviations: [{ id: 'd1', name: 'Oat milk', price: 500 }],
        sizeOfItem: 1,
        discount: { type: 'PERCENTAGE', amount: 10 },
        tax: 12,
      },
    ],
    paymentMethods: [{ id: 'p1', type: 'SWISH', amount: 9000 }],
    dateCreated: 1_700_000_000_000,
    cashRegisterLabel: 'Kassa 1',
    controlUnitSerial: 'CU-1',
    controlUnitResponse: 'ABC123',
  }
}
