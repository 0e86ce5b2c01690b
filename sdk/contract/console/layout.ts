import * as z from 'zod'
import { safeRedirect } from '../redirect'

/**
 * The console's layout settings (admin-console-part-b.md sections 2, 3 and 7): the participant
 * site's navigation menus (JSON POST) and the home carousel's slides (POST with carousels, JSON or
 * multipart). Each POST carries the whole ordered list and replaces the saved one at once.
 */

export const MAX_NAVIGATION_MENUS = 20
export const MAX_CAROUSEL_SLIDES = 12

/** An absolute http(s) URL without credentials, or a path on the site itself (sdk/contract/redirect.ts). */
export function isSafeLinkUrl(value: string): boolean {
  if (value.startsWith('/')) return safeRedirect(value) !== null
  if (!/^https?:\/\//i.test(value) || /[\s\p{Cc}\\]/u.test(value)) return false
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password && url.hostname.length > 0
  } catch {
    return false
  }
}

const linkUrl = (label: string, message: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(2048, `${label} must not be longer than 2048 characters`)
    .refine(isSafeLinkUrl, message)

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must not be longer than ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null))

const boolish = (label: string) =>
  z.preprocess((v) => (v === 'true' || v === '1' || v === 'on' ? true : v === 'false' || v === '0' || v === '' ? false : v), z.boolean({ error: `${label} must be true or false` }))

/**
 * A form's `list[0][field]`, `list[1][field]` arrive as an array (the worker's readBody); a sparse one
 * (`list[0]`, `list[2]`) as { '0': {...}, '2': {...} }: read that as the array in key order.
 */
const indexedList = (value: unknown) => {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value
  const entries = Object.entries(value as Record<string, unknown>)
  if (!entries.every(([k]) => /^\d+$/.test(k))) return value
  return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v)
}

export const navigationMenuSchema = z.object({
  id: z.number().int().positive().optional(),
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(60, 'Name must not be longer than 60 characters'),
  navigation_url: linkUrl('Navigation URL', 'Navigation URL must be an http(s) URL or a path starting with /'),
  show_in_tab: boolish('Show in tab').default(false),
  show_on_logout: boolish('Show on logout').default(false),
})
export type NavigationMenuInput = z.input<typeof navigationMenuSchema>
export type NavigationMenu = z.output<typeof navigationMenuSchema> & { id: number }

/** POST .../navigation_menus: the whole list in its new order (an empty list removes every menu). */
export const navigationMenusWriteSchema = z.object({
  navigation_menus: z.preprocess(
    indexedList,
    z.array(navigationMenuSchema, { error: 'Navigation menus must be a list' }).max(MAX_NAVIGATION_MENUS, `At most ${MAX_NAVIGATION_MENUS} navigation menus`),
  ),
})
export type NavigationMenusWrite = z.input<typeof navigationMenusWriteSchema>

export const navigationMenuListSchema = z.object({
  data: z.array(z.object({ id: z.number(), name: z.string(), navigation_url: z.string(), show_in_tab: z.boolean(), show_on_logout: z.boolean() })),
})
export type NavigationMenuList = z.infer<typeof navigationMenuListSchema>

export const carouselSlideSchema = z.object({
  id: z.coerce.number().int().positive().optional(),
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(120, 'Title must not be longer than 120 characters'),
  description: optionalText('Description', 500),
  link: z.preprocess((v) => (v === '' ? null : v), linkUrl('Link', 'Link must be an http(s) URL or a path starting with /').nullish()).transform((v) => v ?? null),
  button_text: optionalText('Button text', 40),
  image: z.preprocess((v) => (v === '' ? null : v), linkUrl('Image', 'Image must be an http(s) URL or a path starting with /').nullish()).transform((v) => v ?? null),
})
export type CarouselSlideInput = z.input<typeof carouselSlideSchema>

/** POST .../carousels: every slide in its new order. */
export const carouselsWriteSchema = z.object({
  carousels: z.preprocess(
    indexedList,
    z.array(carouselSlideSchema, { error: 'Carousels must be a list' }).max(MAX_CAROUSEL_SLIDES, `At most ${MAX_CAROUSEL_SLIDES} slides`),
  ),
})
export type CarouselsWrite = z.input<typeof carouselsWriteSchema>

export const carouselSlideRowSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  link: z.string().nullable(),
  button_text: z.string().nullable(),
  image: z.string().nullable(),
})
export type CarouselSlide = z.infer<typeof carouselSlideRowSchema>
export const carouselListSchema = z.object({ data: z.array(carouselSlideRowSchema) })
export type CarouselList = z.infer<typeof carouselListSchema>
