import { and, asc, eq, isNull } from 'drizzle-orm'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { openLibsql } from '../worker/src/db/node'
import {
  adminTags,
  challenges,
  contentTags,
  evergreenSettings,
  pages,
  participantProfileAttributes,
  participants,
  profileAttributeDefinitions,
  purchaseProofMerchants,
  purchaseProofProducts,
  referrals,
  rewards,
  socialNetworkPosts,
  webhooks,
} from '../worker/src/db/schema'
import { makePng } from '../worker/src/features/media/media-fixtures'
import type { startNodeServer } from './harness'
import { startConsoleWorld, stopConsoleWorld } from './console-audit'

// Issue 25: every console form on the demo program as seeded, opened once and saved as an operator
// would on the first day: unchanged, or with one small edit (a create form gets the least it needs).
// Each save must succeed: a success toast, or 'No changes detected.', and never an error toast or a
// field error (a required field the seed left empty, like the overlay image was). One console sign-in
// for the file, one page for every form; one test per area, whose failure lists each form by name.

let dir: string
let server: Awaited<ReturnType<typeof startNodeServer>>
let browser: Browser
let db: Awaited<ReturnType<typeof openLibsql>>['db']
let admin: BrowserContext
let demoId: number
let page: Page
/** Requests of the page still waiting for their answer (settled() waits for none). */
let inFlight = 0

beforeAll(async () => {
  ;({ dir, server, browser, db, demoId, admin } = await startConsoleWorld('demo-forms'))
  page = await admin.newPage()
  // A form that is not there fails in seconds, not in the default 30.
  page.setDefaultTimeout(10_000)
  page.on('request', () => inFlight++)
  page.on('requestfinished', () => inFlight--)
  page.on('requestfailed', () => inFlight--)
}, 120_000)
afterAll(() => stopConsoleWorld({ browser, server, dir }))

type Scope = Page | Locator

type FormCase = {
  /** Names the form in a failure. */
  name: string
  /** Its screen: a path under the demo program ('settings/general') or from the root ('/admin/v2/organization/admins'). */
  path: string | (() => Promise<string>)
  /** The accessible name of its submit button ('Save changes' unless said). */
  button?: string
  /** Opens the dialog the form is in (from a button or a menu) and answers it. */
  open?: (page: Page) => Promise<Scope>
  /** The one small edit before saving. */
  edit?: (scope: Scope, page: Page) => Promise<void>
  /** What a saved create form shows instead of a toast (a secret shown only once). */
  done?: (page: Page) => Locator
}

/** A Radix select of the console: its combobox, then the option. */
async function choose(scope: Scope, page: Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

/** Until the page has had no request in flight for `quiet` ms: the screen's data is in the form. */
async function settled(quiet = 200) {
  const deadline = Date.now() + 10_000
  let since = Date.now()
  while (Date.now() - since < quiet && Date.now() < deadline) {
    if (inFlight > 0) since = Date.now()
    await new Promise((r) => setTimeout(r, 25))
  }
}

/**
 * Opens a console screen. The first one loads the console; the next ones go through its router (a
 * history push it listens to, as a link click does): a full load of the console for each of ~75
 * forms would be most of the file's time.
 */
async function openScreen(path: string) {
  const url = path.startsWith('/') ? path : `/admin/v2/programs/${demoId}/${path}`
  if (!page.url().startsWith(server.url)) await page.goto(`${server.url}${url}`)
  else await page.evaluate((to) => window.history.pushState(null, '', to), url)
  await page.waitForURL((u) => u.pathname === url)
}

/**
 * Waits until no toast covers `target`, with the mouse out of the way. The screens change in place, so
 * an earlier save's toast can still be up over the next screen's button; and a toast under the mouse
 * stays (the toaster pauses while hovered), so a click aimed through it waited out its 10 s (a
 * clean-clone run failed 'Referral review' twice that way after 'Participant tag' saved).
 */
async function clearOfToasts(target: Locator) {
  await page.mouse.move(0, 0)
  const box = await target.boundingBox()
  if (!box) return
  // A toast over the button is dismissed (its close button) rather than waited out: it stays 6 s, and
  // three program pages in a row, each Save under the last one's toast, waited 5-6 s each (and past the
  // 10 s below on a loaded machine: a clean-clone run's first attempt failed all three). Each reading
  // dismisses what covers the button and says whether anything still does (a toast leaving).
  await expect
    .poll(
      () =>
        page.locator('[data-sonner-toast]').evaluateAll(
          (els, b) => {
            const covering = els.filter((el) => {
              const r = el.getBoundingClientRect()
              return r.right > b.x && r.left < b.x + b.width && r.bottom > b.y && r.top < b.y + b.height
            })
            for (const el of covering) el.querySelector<HTMLButtonElement>('button[aria-label="Dismiss"]')?.click()
            return covering.length > 0
          },
          box,
        ),
      { timeout: 10_000 },
    )
    .toBe(false)
}

/** The form's screen, the edit, the save; then what it answered. Throws, naming what went wrong. */
async function saveForm(form: FormCase): Promise<string> {
  await openScreen(typeof form.path === 'string' ? form.path : await form.path())
  const scope = form.open ? await form.open(page) : page
  const submit = scope.getByRole('button', { name: form.button ?? 'Save changes', exact: true })
  await submit.waitFor()
  await settled()
  await form.edit?.(scope, page)
  // Toasts already on screen are marked: only what this save brings counts.
  await page.evaluate(() => document.querySelectorAll('[data-sonner-toast]').forEach((el) => el.setAttribute('data-e2e-seen', '')))
  await clearOfToasts(submit)
  await submit.click()

  const toasts = page.locator('[data-sonner-toast]:not([data-e2e-seen])')
  const fieldErrors = page.locator('.field-error:visible, .form-errors:visible')
  const done = form.done?.(page)
  await (done ? toasts.or(fieldErrors).or(done) : toasts.or(fieldErrors)).first().waitFor({ timeout: 15_000 })
  // A refused save sets its field errors before its toast (shown 300 ms later): both are read.
  if ((await fieldErrors.count()) > 0) await page.waitForTimeout(500)
  const errors = await fieldErrors.allInnerTexts()
  const found = await toasts.evaluateAll((els) => els.map((el) => ({ type: el.getAttribute('data-type') ?? '', text: (el as HTMLElement).innerText.trim().replace(/\s*\n\s*/g, ' ') })))
  const refused = found.filter((t) => t.type === 'error').map((t) => t.text)
  if (errors.length || refused.length) throw new Error(`not saved: ${[...refused.map((t) => `error toast '${t}'`), ...errors.map((e) => `field error '${e}'`)].join('; ')}`)
  const saved = found.find((t) => t.type === 'success' || (t.type === 'info' && /No changes detected/.test(t.text)))
  if (saved) return saved.text
  if (done && (await done.isVisible())) return (await done.innerText()).split('\n')[0]!
  throw new Error(`no success toast: ${JSON.stringify(found)}`)
}

/** Saves each form of an area; fails once at the end with every form that did not save, by name. */
async function saveAll(area: string, forms: FormCase[]) {
  const failures: string[] = []
  for (const form of forms) {
    const started = Date.now()
    try {
      const answer = await saveForm(form)
      console.log(`[forms] ${area} > ${form.name}: ${answer} (${Date.now() - started} ms)`)
    } catch (error) {
      failures.push(`${form.name}: ${(error as Error).message.split('\n')[0]}`)
    }
  }
  // As text: an array in the assertion's message shows only its length ("[ …(3) ]").
  expect(failures.join('\n'), `${area}: forms that did not save`).toBe('')
}

/** The first row of each kind: one form per shape the records give it (a type, a selection). */
function onePer<T>(rows: T[], kind: (row: T) => unknown): T[] {
  const seen = new Set<unknown>()
  return rows.filter((row) => {
    const k = kind(row)
    if (seen.has(k)) return false
    seen.add(k)
    return true
  })
}

/** The demo participant the participant forms use, and one of her profile attributes. */
async function maya() {
  const [p] = await db
    .select({ id: participants.id })
    .from(participants)
    .where(and(eq(participants.programId, demoId), eq(participants.email, 'maya.thompson1@example.com')))
  const [attribute] = await db.select({ id: participantProfileAttributes.id }).from(participantProfileAttributes).where(eq(participantProfileAttributes.participantId, p!.id)).orderBy(asc(participantProfileAttributes.id)).limit(1)
  return { id: p!.id, attributeId: attribute!.id }
}

describe('every console form of the demo program saves as seeded', () => {
  it('program settings: general, labels, SEO, enrollment, a profile attribute of each field type, tiers', async () => {
    const attributes = onePer(
      await db.select().from(profileAttributeDefinitions).where(eq(profileAttributeDefinitions.programId, demoId)).orderBy(asc(profileAttributeDefinitions.id)),
      (a) => a.attributeFieldType,
    )
    await saveAll('settings', [
      { name: 'General', path: 'settings/general' },
      { name: 'Labels', path: 'settings/labels' },
      { name: 'SEO', path: 'settings/seo' },
      { name: 'Enrollment', path: 'settings/enrollment' },
      ...attributes.map((a) => ({ name: `Profile attribute ${a.displayName}`, path: `settings/profile-attributes/${a.id}` })),
      { name: 'Tiers', path: 'settings/program_tiers' },
    ])
  })

  it('branding: each section, with one edit where the section has one', async () => {
    const section = (name: string, edit?: FormCase['edit']): FormCase => ({ name, path: `settings/branding/${name.toLowerCase()}`, button: 'Save', ...(edit ? { edit } : {}) })
    await saveAll('branding', [
      section('Colors', (s) => s.getByRole('textbox', { name: 'Secondary', exact: true }).fill('#e08a00')),
      // Theme is 'Coming Soon' (not selectable): saved as it is.
      section('Theme'),
      section('Assets', async (s) => {
        const title = s.getByRole('textbox', { name: 'Hero title' })
        await title.fill(`${await title.inputValue()}!`)
      }),
      section('Fonts', (s, p) => choose(s, p, 'Body font', 'Nunito')),
      section('Borders', (s, p) => choose(s, p, 'Button', 'Small')),
      section('CSS', (s) => s.getByRole('textbox', { name: 'Custom CSS' }).fill('.site-header { letter-spacing: .01em; }')),
    ])
  })

  it('layout and pages: navigation menus, carousels, each program page', async () => {
    const all = await db.select().from(pages).where(eq(pages.programId, demoId)).orderBy(asc(pages.id))
    await saveAll('layout', [
      { name: 'Navigation menus', path: 'settings/layout/navigation-menus', button: 'Save' },
      { name: 'Carousels', path: 'settings/layout/carousels', button: 'Save' },
      ...all.map((p) => ({ name: `Program page ${p.title}`, path: `settings/program-pages/${p.id}`, button: 'Save' })),
    ])
  })

  it('challenges: each challenge’s edit, and a challenge’s tag', async () => {
    const all = await db.select({ id: challenges.id, name: challenges.name }).from(challenges).where(eq(challenges.programId, demoId)).orderBy(asc(challenges.id))
    await saveAll('challenges', [
      ...all.map((c) => ({ name: `Challenge ${c.name}`, path: `challenges/${c.id}/edit`, button: 'Save' })),
      {
        name: `Tag on ${all[0]!.name}`,
        path: `challenges/${all[0]!.id}`,
        button: 'Add or remove tag',
        edit: (s) => s.getByRole('textbox', { name: 'Add or remove tag' }).fill('first-day'),
      },
    ])
  })

  it('rewards and sweepstakes: a reward of each selection (the sweepstake among them), coupons and a reward’s tag', async () => {
    const all = await db.select({ id: rewards.id, name: rewards.name, selection: rewards.selection, coupons: rewards.couponsRequired }).from(rewards).where(eq(rewards.programId, demoId)).orderBy(asc(rewards.id))
    expect(all.some((r) => r.selection === 'sweepstake')).toBe(true)
    const withCoupons = all.find((r) => r.coupons) ?? all[0]!
    await saveAll('rewards', [
      ...onePer(all, (r) => r.selection).map((r) => ({ name: `Reward ${r.name} (${r.selection})`, path: `rewards/${r.id}/edit` })),
      {
        name: `Coupons of ${withCoupons.name}`,
        path: `rewards/${withCoupons.id}/coupons`,
        button: 'Add coupons',
        edit: (s) => s.getByRole('textbox', { name: 'Coupon codes' }).fill('FIRSTDAY-0001'),
      },
      {
        name: `Tag on ${all[0]!.name}`,
        path: `rewards/${all[0]!.id}`,
        button: 'Add tag',
        edit: (s) => s.getByRole('textbox', { name: 'Add tag' }).fill('first-day'),
      },
    ])
  })

  it('evergreen settings: each one', async () => {
    const settings = await db.select().from(evergreenSettings).where(eq(evergreenSettings.programId, demoId)).orderBy(asc(evergreenSettings.position))
    await saveAll('evergreen', settings.map((s) => ({ name: `Evergreen ${s.name}`, path: `settings/evergreen/${s.id}` })))
  })

  it('receipts: purchase proof settings, an eligible product with and one without SKU, a merchant', async () => {
    const products = onePer(await db.select().from(purchaseProofProducts).where(eq(purchaseProofProducts.programId, demoId)).orderBy(asc(purchaseProofProducts.id)), (p) => Boolean(p.sku))
    const merchants = (await db.select().from(purchaseProofMerchants).where(eq(purchaseProofMerchants.programId, demoId)).orderBy(asc(purchaseProofMerchants.id))).slice(0, 1)
    await saveAll('receipts', [
      { name: 'Purchase proof settings', path: 'settings/purchase-proof', button: 'Save settings' },
      ...products.map((p) => ({ name: `Product ${p.productName}`, path: `settings/purchase-proof/products/${p.id}/edit` })),
      ...merchants.map((m) => ({ name: `Merchant ${m.name}`, path: `settings/purchase-proof/merchants/${m.id}/edit` })),
    ])
  })

  it('integrations and collectibles: social pages, offers reward, photo contests, Aptos, an API key, a webhook', async () => {
    const hookUrl = 'https://hooks.example.com/first-day'
    await saveAll('integrations', [
      {
        name: 'Social network page',
        path: 'settings/integrations/social-network-pages',
        button: 'Add a page',
        edit: async (s, p) => {
          await s.getByRole('textbox', { name: 'URL' }).fill('https://instagram.com/ember-oak-first-day')
          await choose(s, p, 'Platform', 'Instagram')
        },
      },
      { name: 'Offers reward', path: 'settings/integrations/offers-reward' },
      { name: 'Photo contests', path: 'settings/integrations/photo-contests' },
      { name: 'Aptos (collectibles)', path: 'settings/integrations/aptos' },
      {
        name: 'New API key',
        path: 'settings/integrations/api_auths/new',
        button: 'Create',
        edit: (s) => s.getByLabel('Name', { exact: true }).fill('First day'),
        done: (p) => p.getByRole('region', { name: 'Copy your API key now' }),
      },
      {
        name: 'New webhook',
        path: 'settings/integrations/webhooks/new',
        button: 'Create',
        edit: async (s) => {
          await s.getByLabel('URL').fill(hookUrl)
          await s.getByRole('checkbox', { name: 'reward.claimed' }).click()
        },
        done: (p) => p.getByRole('region', { name: 'Copy the signing secret now' }),
      },
      {
        name: 'Webhook edit',
        path: async () => {
          const [hook] = await db.select({ id: webhooks.id }).from(webhooks).where(and(eq(webhooks.programId, demoId), eq(webhooks.url, hookUrl)))
          return `settings/integrations/webhooks/${hook!.id}`
        },
      },
    ])
  })

  it('domains and tags: a new domain, a content tag and an admin tag (new, then edit)', async () => {
    const tagEdit = (family: 'content-tags' | 'tags', table: typeof contentTags | typeof adminTags, name: string): FormCase => ({
      name: `${family === 'tags' ? 'Admin' : 'Content'} tag edit`,
      path: async () => {
        const [tag] = await db.select({ id: table.id }).from(table).where(and(eq(table.programId, demoId), eq(table.name, name)))
        return `settings/${family}/${tag!.id}/edit`
      },
    })
    await saveAll('domains and tags', [
      { name: 'New domain', path: 'settings/domain-list/new', button: 'Create', edit: (s) => s.getByRole('textbox', { name: 'Domain' }).fill('rewards.ember-oak.example') },
      { name: 'New content tag', path: 'settings/content-tags/new', button: 'Create', edit: (s) => s.getByLabel('Name', { exact: true }).fill('seasonal') },
      tagEdit('content-tags', contentTags, 'seasonal'),
      { name: 'New admin tag', path: 'settings/tags/new', button: 'Create', edit: (s) => s.getByLabel('Name', { exact: true }).fill('vip') },
      tagEdit('tags', adminTags, 'vip'),
    ])
  })

  it('participants, referrals, media and feed posts: a participant’s attribute, points and tag; a referral review; a library file’s details; a feed post (new, then edit)', async () => {
    const p = await maya()
    await saveAll('participants, referrals, media and feed', [
      { name: 'Participant attribute', path: `users/${p.id}/attributes/${p.attributeId}/edit` },
      {
        name: 'Add points',
        path: `users/${p.id}`,
        button: 'Add points',
        open: async (pg) => {
          await pg.getByRole('button', { name: 'Tools' }).click()
          await pg.getByRole('menuitem', { name: 'Add points' }).click()
          return pg.getByRole('dialog')
        },
        edit: async (s) => {
          await s.getByLabel('Points').fill('10')
          await s.getByLabel('Action title').fill('First day bonus')
        },
      },
      // A tag of this attempt's own: a retry of this test would otherwise add the first attempt's tag again.
      { name: 'Participant tag', path: `users/${p.id}`, button: 'Add', edit: (s) => s.getByRole('textbox', { name: 'Add a tag…' }).fill(`first-day-${Date.now().toString(36)}`) },
      // Referrals have no settings form: their one form is the review of a pending referral.
      {
        name: 'Referral review',
        path: async () => {
          const [pending] = await db.select({ id: referrals.id }).from(referrals).where(and(eq(referrals.programId, demoId), eq(referrals.status, 'pending'))).orderBy(asc(referrals.id)).limit(1)
          return `referrals/${pending!.id}`
        },
        button: 'Approve',
        edit: (s) => s.getByLabel('Comments').fill('Welcome, first-day friend.'),
      },
      {
        name: 'Media file details',
        path: 'settings/media-library',
        button: 'Save',
        open: async (pg) => {
          const chooser = pg.waitForEvent('filechooser')
          await pg.getByRole('button', { name: 'Upload a file' }).first().click()
          await (await chooser).setFiles({ name: 'first-day.png', mimeType: 'image/png', buffer: Buffer.from(makePng(48, 32)) })
          // .first(): a retry of this test finds the first attempt's upload too.
          await pg.getByRole('button', { name: 'Edit first-day' }).first().click()
          return pg.getByRole('dialog', { name: 'Edit attachment' })
        },
        edit: (s) => s.getByLabel('Alt text').fill('A first-day swatch'),
      },
      // The demo's feed posts all belong to its unified social challenge (edited with it): a dynamic
      // feed post is made here, with the file just uploaded, then edited.
      {
        name: 'New feed post',
        path: 'settings/dynamic-feed-posts/new',
        button: 'Create',
        edit: async (s, pg) => {
          await s.getByRole('combobox', { name: 'Post type' }).click()
          await pg.getByRole('option', { name: /^image$/i }).click()
          await s.getByRole('group', { name: 'Media path' }).getByRole('button', { name: 'Choose from library' }).click()
          await pg.getByRole('dialog').getByRole('button', { name: 'Select first-day' }).first().click()
          await s.getByLabel('Message').fill('First day at the roastery')
        },
      },
      {
        name: 'Feed post edit',
        path: async () => {
          const [post] = await db
            .select({ id: socialNetworkPosts.id })
            .from(socialNetworkPosts)
            .where(and(eq(socialNetworkPosts.programId, demoId), isNull(socialNetworkPosts.challengeId), eq(socialNetworkPosts.message, 'First day at the roastery')))
          return `settings/dynamic-feed-posts/${post!.id}/edit`
        },
      },
    ])
  })

  it('organization: invite an admin, a feature for the demo program, a new program', async () => {
    await saveAll('organization', [
      {
        name: 'Invite admin',
        path: '/admin/v2/organization/admins',
        button: 'Send invitation',
        open: async (pg) => {
          await pg.getByRole('button', { name: 'Invite Admin' }).click()
          return pg.getByRole('dialog')
        },
        edit: async (s) => {
          await s.getByLabel('First name').fill('Fran')
          await s.getByLabel('Last name').fill('First-Day')
          await s.getByLabel('Email').fill('fran.first-day@example.com')
        },
      },
      {
        name: 'Program feature',
        path: '/admin/v2/organization/features/new',
        button: 'Create',
        edit: async (s, pg) => {
          await choose(s, pg, 'Program', 'Tessera Demo')
          await s.getByRole('combobox', { name: 'Feature' }).click()
          await pg.getByRole('option', { name: /^tiers$/i }).click()
        },
      },
      {
        name: 'New program',
        path: '/admin/v2/organization/programs',
        button: 'Create Program',
        open: async (pg) => {
          await pg.getByRole('button', { name: 'Add program' }).click()
          return pg.getByRole('dialog', { name: 'Create Program' })
        },
        edit: (s) => s.getByLabel('Program name').fill('Ember & Oak Staff'),
      },
    ])
  })
})
