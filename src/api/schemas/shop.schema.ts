import { z } from '../zod'
import { arrayOrMap, id, mapById, minorUnits, optionalText, text } from './common.schema'
import { currencies, displayTypes, paymentMethodTypes } from '@/domain/types'
import type { DisplayType, ShopData } from '@/domain/types'

/** Wire schema of GET /api/v2/webshop/{shopId} (SPEC §3 "Shop response", §7). */

const customerInput = z.pipe(
  z.nullish(z.object({ active: z.nullish(z.boolean()), required: z.nullish(z.boolean()) })),
  z.transform((v) => ({ active: v?.active ?? false, required: v?.required ?? false })),
)

export const customerInputsSchema = z.pipe(
  z.nullish(
    z.object({
      nameInput: customerInput,
      emailInput: customerInput,
      phoneInput: customerInput,
      addressInput: customerInput,
      extraInfoInput: customerInput,
    }),
  ),
  z.transform((v) => v ?? null),
)

export const shopSettingsSchema = z.object({
  title: z.string(),
  primaryColor: optionalText,
  backgroundColor: optionalText,
  // An unknown layout falls back to the default rather than failing the whole shop.
  displayType: z.pipe(
    z.nullish(z.string()),
    z.transform((v): DisplayType => ((displayTypes as readonly string[]).includes(v ?? '') ? (v as DisplayType) : 'SMALL_IMAGE')),
  ),
  openHours: optionalText,
  active: z.pipe(z.nullish(z.boolean()), z.transform((v) => v ?? true)),
  requireReference: z.pipe(z.nullish(z.boolean()), z.transform((v) => v ?? false)),
  description: optionalText,
  refundPolicy: optionalText,
  customerInputs: customerInputsSchema,
})

export const companySchema = z.object({
  country: text,
  currency: z.pipe(z.nullish(z.enum(currencies)), z.transform((v) => v ?? 'SEK')),
  logo: optionalText,
  name: text,
  organizationnumber: text,
  street: text,
  postalCode: text,
  city: text,
  phone: text,
  email: text,
})

export const categorySchema = z.object({
  id,
  name: z.string(),
  sortedProducts: z.pipe(z.nullish(z.array(id)), z.transform((v) => v ?? [])),
})

export const articleSchema = z.pipe(
  z.object({
    id,
    title: z.string(),
    description: optionalText,
    price: minorUnits,
    image: optionalText,
    tags: z.pipe(z.nullish(z.array(id)), z.transform((v) => v ?? [])),
    category: z.pipe(z.nullish(id), z.transform((v) => v ?? null)),
    availableDeviations: z.nullish(z.object({ deviationGroupes: z.nullish(z.array(id)) })),
    count: z.pipe(z.nullish(z.number().check(z.int())), z.transform((v) => v ?? null)),
    limitStock: z.nullish(z.boolean()),
    outOfStock: z.nullish(z.boolean()),
  }),
  z.transform((a) => ({
    id: a.id,
    title: a.title,
    description: a.description,
    price: a.price,
    image: a.image,
    tags: a.tags,
    category: a.category,
    deviationGroupIds: a.availableDeviations?.deviationGroupes ?? [],
    count: a.count,
    limitStock: a.limitStock !== false,
    outOfStock: a.outOfStock ?? false,
  })),
)

export const deviationSchema = z.object({
  id,
  name: z.string(),
  price: z.pipe(z.nullish(minorUnits), z.transform((v) => v ?? 0)),
})

export const deviationGroupSchema = z.object({
  id,
  name: z.string(),
  minCount: z.pipe(z.nullish(z.number().check(z.int(), z.gte(0))), z.transform((v) => v ?? null)),
  maxCount: z.pipe(z.nullish(z.number().check(z.int(), z.gte(0))), z.transform((v) => v ?? null)),
  deviationIds: z.pipe(z.nullish(z.array(id)), z.transform((v) => v ?? [])),
})

export const paymentMethodSchema = z.object({
  id,
  type: z.string(),
  stripeAccountId: optionalText,
})

export const tagSchema = z.object({ id, tag: z.string(), color: optionalText })

export const shopResponseSchema = z.pipe(
  z.object({
    shop: shopSettingsSchema,
    company: companySchema,
    categories: arrayOrMap(categorySchema),
    articles: mapById(articleSchema),
    deviations: mapById(deviationSchema),
    deviationGroups: mapById(deviationGroupSchema),
    paymentMethods: arrayOrMap(paymentMethodSchema),
    tags: mapById(tagSchema),
  }),
  z.transform(
    (s): ShopData => ({
      ...s,
      // Methods of a type this app does not know are left out rather than failing the shop.
      paymentMethods: s.paymentMethods.flatMap((m) =>
        (paymentMethodTypes as readonly string[]).includes(m.type)
          ? [{ ...m, type: m.type as ShopData['paymentMethods'][number]['type'] }]
          : [],
      ),
    }),
  ),
)

/** What a server sends for a shop (input side), for fixtures and the sandbox. */
export type ShopResponseWire = z.input<typeof shopResponseSchema>
