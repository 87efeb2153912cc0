import { z } from '../zod'
import { arrayOrMap, id, mapById, minorUnits, optionalText, text } from './common.schema'
import { currencies, displayTypes, paymentMethodTypes } from '@/domain/types'
import type { DisplayType, ShopData } from '@/domain/types'

/** Wire schema of GET /api/v2/webshop/{shopId} (SPEC §3 "Shop response", §7). */

const customerInput = z
  .object({ active: z.boolean().nullish(), required: z.boolean().nullish() })
  .nullish()
  .transform((v) => ({ active: v?.active ?? false, required: v?.required ?? false }))

export const customerInputsSchema = z
  .object({
    nameInput: customerInput,
    emailInput: customerInput,
    phoneInput: customerInput,
    addressInput: customerInput,
    extraInfoInput: customerInput,
  })
  .nullish()
  .transform((v) => v ?? null)

export const shopSettingsSchema = z.object({
  title: z.string(),
  primaryColor: optionalText,
  backgroundColor: optionalText,
  // An unknown layout falls back to the default rather than failing the whole shop.
  displayType: z
    .string()
    .nullish()
    .transform((v): DisplayType => ((displayTypes as readonly string[]).includes(v ?? '') ? (v as DisplayType) : 'SMALL_IMAGE')),
  openHours: optionalText,
  active: z.boolean().nullish().transform((v) => v ?? true),
  requireReference: z.boolean().nullish().transform((v) => v ?? false),
  description: optionalText,
  refundPolicy: optionalText,
  customerInputs: customerInputsSchema,
})

export const companySchema = z.object({
  country: text,
  currency: z.enum(currencies).nullish().transform((v) => v ?? 'SEK'),
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
  sortedProducts: z.array(id).nullish().transform((v) => v ?? []),
})

export const articleSchema = z
  .object({
    id,
    title: z.string(),
    description: optionalText,
    price: minorUnits,
    image: optionalText,
    tags: z.array(id).nullish().transform((v) => v ?? []),
    category: id.nullish().transform((v) => v ?? null),
    availableDeviations: z
      .object({ deviationGroupes: z.array(id).nullish() })
      .nullish(),
    count: z.number().int().nullish().transform((v) => v ?? null),
    limitStock: z.boolean().nullish(),
    outOfStock: z.boolean().nullish(),
  })
  .transform((a) => ({
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
  }))

export const deviationSchema = z.object({
  id,
  name: z.string(),
  price: minorUnits.nullish().transform((v) => v ?? 0),
})

export const deviationGroupSchema = z.object({
  id,
  name: z.string(),
  minCount: z.number().int().min(0).nullish().transform((v) => v ?? null),
  maxCount: z.number().int().min(0).nullish().transform((v) => v ?? null),
  deviationIds: z.array(id).nullish().transform((v) => v ?? []),
})

export const paymentMethodSchema = z.object({
  id,
  type: z.string(),
  stripeAccountId: optionalText,
})

export const tagSchema = z.object({ id, tag: z.string(), color: optionalText })

export const shopResponseSchema = z
  .object({
    shop: shopSettingsSchema,
    company: companySchema,
    categories: arrayOrMap(categorySchema),
    articles: mapById(articleSchema),
    deviations: mapById(deviationSchema),
    deviationGroups: mapById(deviationGroupSchema),
    paymentMethods: arrayOrMap(paymentMethodSchema),
    tags: mapById(tagSchema),
  })
  .transform(
    (s): ShopData => ({
      ...s,
      // Methods of a type this app does not know are left out rather than failing the shop.
      paymentMethods: s.paymentMethods.flatMap((m) =>
        (paymentMethodTypes as readonly string[]).includes(m.type)
          ? [{ ...m, type: m.type as ShopData['paymentMethods'][number]['type'] }]
          : [],
      ),
    }),
  )

/** What a server sends for a shop (input side), for fixtures and the sandbox. */
export type ShopResponseWire = z.input<typeof shopResponseSchema>
