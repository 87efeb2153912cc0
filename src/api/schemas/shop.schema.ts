import * as v from 'valibot'
import { arrayOrMap, byId, type AnswerParser, id, listOf, mapById, minorUnits, optionalText, orElse, text } from './common.schema'
import { currencies, displayTypes, paymentMethodTypes } from '@/domain/types'
import type { Article, DisplayType, ShopData } from '@/domain/types'

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

const shopSettingsSchema = v.object({
  title: v.string(),
  primaryColor: optionalText,
  backgroundColor: optionalText,
  // An unknown layout falls back to the default rather than failing the whole shop.
  displayType: v.pipe(
    v.nullish(v.string(), null),
    v.transform((value): DisplayType => ((displayTypes as readonly string[]).includes(value ?? '') ? (value as DisplayType) : 'SMALL_IMAGE')),
  ),
  openHours: optionalText,
  active: orElse(v.boolean(), true),
  requireReference: orElse(v.boolean(), false),
  description: optionalText,
  refundPolicy: optionalText,
  customerInputs: customerInputsSchema,
})

const companySchema = v.object({
  country: text,
  currency: orElse(v.picklist(currencies), 'SEK'),
  logo: optionalText,
  name: text,
  organizationnumber: text,
  street: text,
  postalCode: text,
  city: text,
  phone: text,
  email: text,
})

export const categorySchema = v.object({
  id,
  name: v.string(),
  sortedProducts: listOf(id),
})

export const articleSchema = v.pipe(
  v.object({
    id,
    title: v.string(),
    description: optionalText,
    price: minorUnits,
    image: optionalText,
    tags: listOf(id),
    category: orElse(id, null),
    availableDeviations: v.nullish(v.object({ deviationGroupes: v.nullish(v.array(id)) })),
    count: orElse(v.pipe(v.number(), v.safeInteger()), null),
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

export const deviationSchema = v.object({
  id,
  name: v.string(),
  price: orElse(minorUnits, 0),
})

const countLimit = orElse(v.pipe(v.number(), v.safeInteger(), v.minValue(0)), null)

export const deviationGroupSchema = v.object({
  id,
  name: v.string(),
  minCount: countLimit,
  maxCount: countLimit,
  deviationIds: listOf(id),
})

export const paymentMethodSchema = v.object({
  id,
  type: v.string(),
  stripeAccountId: optionalText,
})

export const tagSchema = v.object({ id, tag: v.string(), color: optionalText })

/** Everything of a shop answer but its articles (SPEC §3 "Shop response"). */
const shopEntries = {
  shop: shopSettingsSchema,
  company: companySchema,
  categories: arrayOrMap(categorySchema),
  deviations: mapById(deviationSchema),
  deviationGroups: mapById(deviationGroupSchema),
  paymentMethods: arrayOrMap(paymentMethodSchema),
  tags: mapById(tagSchema),
}

type ShopParts = Omit<ShopData, 'paymentMethods'> & { paymentMethods: v.InferOutput<typeof paymentMethodSchema>[] }

/** The last step of both shop schemas: methods of a type this app does not know are left out rather than failing the shop. */
function toShopData(s: ShopParts): ShopData {
  return {
    ...s,
    paymentMethods: s.paymentMethods.flatMap((m) =>
      (paymentMethodTypes as readonly string[]).includes(m.type) ? [{ ...m, type: m.type as ShopData['paymentMethods'][number]['type'] }] : [],
    ),
  }
}

/**
 * GET /api/v2/webshop/{shopId}'s answer, validated in one go (tests, the sandbox).
 * @internal exported for tests (knip --production)
 */
export const shopResponseSchema = v.pipe(v.object({ ...shopEntries, articles: mapById(articleSchema) }), v.transform(toShopData))

/**
 * Articles checked per task by {@link slicedShopParser}.
 * @internal exported for tests (knip --production)
 */
export const ARTICLE_SLICE = 100

/**
 * Checks a shop answer as {@link shopResponseSchema} does, with the same output, but the
 * articles {@link ARTICLE_SLICE} at a time, after `yieldToMain()` before each slice (issue 6:
 * a 500-article answer was one task of 16-25 ms on a laptop, four times that on a phone, with
 * taps and paints waiting behind it). Everything else is checked first. A bad answer is
 * checked once more in one go, so its issues are exactly {@link shopResponseSchema}'s.
 */
export function slicedShopParser(yieldToMain: () => Promise<void>): AnswerParser<ShopData> {
  const envelope = v.object({ ...shopEntries, articles: arrayOrMap(v.unknown()) })
  const slice = v.array(articleSchema)
  return async (input) => {
    const parsed = v.safeParse(envelope, input)
    const articles: Article[] = []
    for (let start = 0; parsed.success && start < parsed.output.articles.length; start += ARTICLE_SLICE) {
      await yieldToMain()
      const result = v.safeParse(slice, parsed.output.articles.slice(start, start + ARTICLE_SLICE))
      if (!result.success) break
      articles.push(...result.output)
    }
    return parsed.success && articles.length === parsed.output.articles.length
      ? { success: true, output: toShopData({ ...parsed.output, articles: byId(articles) }) }
      : v.safeParse(shopResponseSchema, input)
  }
}

/** What a server sends for a shop (input side), for fixtures and the sandbox. */
export type ShopResponseWire = v.InferInput<typeof shopResponseSchema>
