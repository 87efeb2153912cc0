import * as v from 'valibot'
import { arrayOrMap, id, listOf, mapById, minorUnits, optionalText, orElse, text } from './common.schema'
import { currencies, displayTypes, paymentMethodTypes } from '@/domain/types'
import type { DisplayType, ShopData } from '@/domain/types'

/** Wire schema of GET /api/v2/webshop/{shopId} (SPEC §3 "Shop response", §7). */

const customerInput = v.pipe(
  v.nullish(v.object({ active: v.nullish(v.boolean()), required: v.nullish(v.boolean()) }), null),
  v.transform((value) => ({ active: value?.active ?? false, required: value?.required ?? false })),
)

const customerInputsSchema = orElse(
  v.object({
    nameInput: customerInput,
    emailInput: customerInput,
    phoneInput: customerInput,
    addressInput: customerInput,
    extraInfoInput: customerInput,
  }),
  null,
)

// An unknown layout falls back to the default rather than failing the whole shop.
const displayTypeSchema = v.pipe(
  v.nullish(v.string(), null),
  v.transform((value): DisplayType => ((displayTypes as readonly string[]).includes(value ?? '') ? (value as DisplayType) : 'SMALL_IMAGE')),
)

const shopSettingsSchema = v.object({
  title: v.string(),
  primaryColor: optionalText,
  backgroundColor: optionalText,
  displayType: displayTypeSchema,
  openHours: optionalText,
  active: orElse(v.boolean(), true),
  requireReference: orElse(v.boolean(), false),
  description: optionalText,
  refundPolicy: optionalText,
  customerInputs: customerInputsSchema,
})

const companySchema = v.object({
  country: text,
  // ISO 4217 codes are case-insensitive: 'sek' is SEK.
  currency: orElse(v.pipe(v.string(), v.transform((code) => code.toUpperCase()), v.picklist(currencies)), 'SEK'),
  logo: optionalText,
  name: text,
  organizationnumber: text,
  street: text,
  postalCode: text,
  city: text,
  phone: text,
  email: text,
})

/** A category (SPEC §3): its name and its articles' ids in menu order (`sortedProducts`). */
export const categorySchema = v.object({
  id,
  name: v.string(),
  sortedProducts: listOf(id),
})

/** The menu's categories, in the platform's order. */
const categoriesSchema = arrayOrMap(categorySchema)

/** An article's id and image, the entries {@link menuImagesSchema} shares with {@link articleSchema}. */
const articleImageEntries = { id, image: optionalText }

/**
 * An article (SPEC §3), normalised: price in minor units, `deviationGroupIds` from
 * `availableDeviations.deviationGroupes`, `limitStock` true unless the platform sent false,
 * `count` null when absent (then stock is not limited; CONTRACT "Wire shapes"); a fractional count
 * (goods sold by weight) is the whole units it holds, and one that is not a number is no limit,
 * so one odd article never takes the whole shop down (CONTRACT: liberal in what it accepts).
 */
export const articleSchema = v.pipe(
  v.object({
    id: articleImageEntries.id,
    title: v.string(),
    description: optionalText,
    price: minorUnits,
    image: articleImageEntries.image,
    tags: listOf(id),
    category: orElse(id, null),
    availableDeviations: v.nullish(v.object({ deviationGroupes: v.nullish(v.array(id)) })),
    count: v.fallback(orElse(v.pipe(v.number(), v.transform(Math.floor), v.safeInteger()), null), null),
    limitStock: v.nullish(v.boolean()),
    outOfStock: v.nullish(v.boolean()),
  }),
  v.transform((a) => ({
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

/** A deviation (extra or variant, SPEC §3); `price` in minor units, 0 when absent. */
export const deviationSchema = v.object({
  id,
  name: v.string(),
  price: orElse(minorUnits, 0),
})

// A bound that is not a whole number ≥ 0 (a string "1") is no bound, rather than the shop's error page.
const countLimit = v.fallback(orElse(v.pipe(v.number(), v.safeInteger(), v.minValue(0)), null), null)

/** A deviation group (SPEC §3, §5): `minCount`/`maxCount` null when not set. */
export const deviationGroupSchema = v.object({
  id,
  name: v.string(),
  minCount: countLimit,
  maxCount: countLimit,
  deviationIds: listOf(id),
})

/** A payment method as sent (SPEC §3); types this app does not know are dropped by `toShopData`. */
export const paymentMethodSchema = v.object({
  id,
  type: v.string(),
  stripeAccountId: optionalText,
})

/** A tag (SPEC §3): label and optional colour, which falls back to the primary colour when drawn. */
export const tagSchema = v.object({ id, tag: v.string(), color: optionalText })

/** Everything of a shop answer but its articles (SPEC §3 "Shop response"). */
const shopEntries = {
  shop: shopSettingsSchema,
  company: companySchema,
  categories: categoriesSchema,
  deviations: mapById(deviationSchema),
  deviationGroups: mapById(deviationGroupSchema),
  paymentMethods: arrayOrMap(paymentMethodSchema),
  tags: mapById(tagSchema),
}

type ShopParts = Omit<ShopData, 'paymentMethods'> & { paymentMethods: v.InferOutput<typeof paymentMethodSchema>[] }

/** The last step of the shop schema: methods of a type this app does not know are left out rather than failing the shop. */
function toShopData(s: ShopParts): ShopData {
  return {
    ...s,
    paymentMethods: s.paymentMethods.flatMap((m) =>
      (paymentMethodTypes as readonly string[]).includes(m.type) ? [{ ...m, type: m.type as ShopData['paymentMethods'][number]['type'] }] : [],
    ),
  }
}

/**
 * GET /api/v2/webshop/{shopId}'s answer (SPEC §3 "Shop response", §7): the one schema of it.
 * The boot script reads its first image through {@link menuImagesSchema}, built from the same
 * parts.
 */
export const shopResponseSchema = v.pipe(v.object({ ...shopEntries, articles: mapById(articleSchema) }), v.transform(toShopData))

/**
 * The parts of a shop answer that name the menu's first images (`firstMenuImages`, SPEC §2
 * "Menu page"): the display type, the categories and each article's id and image, read as
 * {@link shopResponseSchema} reads them (the same entry schemas). For the page's boot script,
 * which preloads the first image before the app has arrived; the rest of the answer is left
 * unchecked (the app checks it all).
 */
export const menuImagesSchema = v.object({
  shop: v.object({ displayType: displayTypeSchema }),
  categories: categoriesSchema,
  articles: mapById(v.object(articleImageEntries)),
})

/** What a server sends for a shop (input side), for fixtures and the sandbox. */
export type ShopResponseWire = v.InferInput<typeof shopResponseSchema>
