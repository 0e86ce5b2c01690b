import { eq } from 'drizzle-orm'
import type { Db } from './client'
import { DEFAULT_BRAND_STYLE } from '../../../sdk/contract/console/branding'
import {
  adminProgramPermissions,
  adminUsers,
  carouselSlides,
  challenges,
  emailSettings,
  evergreenSettings,
  navigationMenus,
  organizations,
  pages,
  programIntegrationSettings,
  programs,
  programTemplateDetails,
} from './schema'
import { seedDemoContent } from './seed-content'
import { seedDemoOffers } from './seed-offers'
import { seedDemoReceipts } from './seed-receipts'
import { insertChunked } from './seed-insert'
import { batch } from './batch'

export type SeedOptions = { log?: (line: string) => void; participants?: number }

/**
 * The development default for the demo program's partner identity secret (docs/embedding.md,
 * "Identity tokens"): demo data, public like the rest of it. `npm run identity-secret -- --program demo`
 * replaces it with a fresh one.
 */
export const DEMO_IDENTITY_SECRET = 'tessera-demo-identity-secret-development-only'

const TERMS_PAGES = [
  { slug: 'privacy', title: 'Privacy', body: 'We collect your name and e-mail to run the program. We never sell your data. You can ask us to delete your account at any time by writing to support.' },
  { slug: 'rules', title: 'Rules', body: 'Earn points by completing challenges. Points have no cash value. One account per person. Rewards are limited and available while supplies last.' },
  { slug: 'terms', title: 'Terms', body: 'By joining you agree to receive program e-mails, which you can turn off in My Account. We may end or change the program with 30 days notice.' },
]

async function seedProgram(
  db: Db,
  orgId: number,
  p: { name: string; key: string; otp: boolean; headerText: string; headerDescription: string; primary: string },
) {
  const [program] = await db
    .insert(programs)
    .values({
      organizationId: orgId,
      name: p.name,
      publicKey: p.key,
      subdomain: p.key,
      termPointsAs: 'points',
      termRewardsAs: 'rewards',
      features: { social_network_posts: true, donation_challenge: true, offers_reward: true, otp_login: p.otp, receipts: true, dynamic_feed_posts: true, tiers: true },
      enrollment: { requires_referral_review: false, allow_signup: true, signup_postal_required: false },
      terms: 'Points have no cash value. See the Rules page for details.',
      supportEmail: 'support@tessera.dev',
      // The partner page frames a store map shipped in the repo (no third-party map: the demo runs offline).
      partnerConfig: p.key === 'demo' ? { iframe_url: '/brand/store-locator.svg', title: 'Find an Ember & Oak store' } : null,
      myAccountTitle: 'My Account',
      prizesTitle: 'Rewards',
      // The demo program shows the console's language switcher (en/es).
      i18nEnabled: p.key === 'demo',
      // Partners can try identity tokens on the demo program at once; Tessera Links keeps none (403).
      partnerIdentitySecret: p.key === 'demo' ? DEMO_IDENTITY_SECRET : null,
    })
    .returning()
  const id = program!.id
  await batch(db, [
    db.insert(programTemplateDetails).values({
      programId: id,
      headerText: p.headerText,
      headerDescription: p.headerDescription,
      headerLogo: '/brand/logo.svg',
      footerLogo: '/brand/logo.svg',
      faviconFile: '/favicon.svg',
      headerBackgroundImage: '/brand/hero.svg',
      // Every asset the console's branding form requires (brandingWriteSchema): a save of one colour
      // must not fail on an image the admin never touched.
      overlayImage: '/brand/overlay.svg',
      elementCssStyle: { ...DEFAULT_BRAND_STYLE, 'perk-primary': p.primary },
    }),
    // The offers reward and photo contest settings as the console saves them: both stay off, with the
    // merchants regex and the external program id their forms require (offersRewardWriteSchema,
    // photoContestWriteSchema), so a first save of either page does not fail on a field left empty.
    db.insert(programIntegrationSettings).values({
      programId: id,
      offersRewardActive: false,
      redirectMagicLink: false,
      merchantsRegex: '.*',
      photoContestActive: false,
      qratiProgramId: `${p.key}-photo-contests`,
    }),
    db.insert(pages).values(TERMS_PAGES.map((page) => ({ ...page, programId: id, status: 'published' as const, publishedAt: new Date() }))),
    db.insert(emailSettings).values([
      { programId: id, description: 'All e-mails: news, new challenges and rewards', position: 0 },
      { programId: id, description: 'Only important account e-mails', position: 1 },
      { programId: id, description: 'No e-mails', position: 2 },
    ]),
    db.insert(navigationMenus).values([
      { programId: id, name: 'How it works', navigationUrl: '/rules', showInTab: false, showOnLogout: true, position: 0 },
      { programId: id, name: 'My Offers', navigationUrl: '/my-offers', showInTab: false, showOnLogout: false, position: 1 },
      { programId: id, name: 'Help', navigationUrl: 'https://tessera.dev/help', showInTab: true, showOnLogout: true, position: 2 },
    ]),
    db.insert(carouselSlides).values([
      { programId: id, title: 'Earn while you explore', description: 'Watch, read and share to collect points.', link: '/signin', buttonText: 'Get Started', image: '/brand/slide-1.svg', position: 0 },
      { programId: id, title: 'Rewards worth the effort', description: 'Trade points for gift cards, merch and experiences.', link: '/signin', buttonText: 'See rewards', image: '/brand/slide-2.svg', position: 1 },
    ]),
    db.insert(challenges).values({
      programId: id,
      identifier: 'sign-up',
      name: 'Join the program',
      caption: 'Sign up',
      description: 'Create your account to start earning.',
      challengeType: 'signup',
      parameters: {},
      status: 'active',
      points: 100,
      tagList: ['onboarding'],
    }),
  ])
  return program!
}

/**
 * Demo data (README lists it). Idempotent: when the demo program exists nothing is written.
 */
export async function seedDemo(db: Db, opts: SeedOptions = {}) {
  const log = opts.log ?? (() => {})
  await seedDemoOffers(db, { log }) // the shared offers catalog; skips itself when present
  const existing = await db.select({ id: programs.id }).from(programs).where(eq(programs.publicKey, 'demo')).limit(1)
  if (existing.length) {
    log('[seed] demo data already present')
    return { created: false }
  }
  const [org] = await db.insert(organizations).values({ name: 'Tessera Demo Co.' }).returning()
  const demo = await seedProgram(db, org!.id, {
    name: 'Tessera Demo',
    key: 'demo',
    otp: true,
    headerText: 'Earn rewards for being you',
    headerDescription: 'Complete challenges, collect points and claim rewards from brands you love.',
    primary: '#5b4cf0',
  })
  const links = await seedProgram(db, org!.id, {
    name: 'Tessera Links',
    key: 'links',
    otp: false,
    headerText: 'One click to sign in',
    headerDescription: 'This demo program signs participants in with magic links.',
    primary: '#0e7c66',
  })
  // Evergreen settings the Perk team turned on for the demo program (Tessera Links has none: the
  // console shows 'Contact Perk team to request this feature' there).
  await db.insert(evergreenSettings).values([
    { programId: demo.id, key: 'monthly_sweepstakes', name: 'Monthly sweepstakes', description: 'A new sweepstakes opens on the 1st of every month; entries start again from zero.', position: 0 },
    { programId: demo.id, key: 'points_expiry', name: 'Points expiry', description: 'Unused points expire 12 months after they were earned.', position: 1 },
  ])
  const [superAdmin, manager, reviewer] = await db
    .insert(adminUsers)
    .values([
      { organizationId: org!.id, email: 'admin@tessera.dev', firstName: 'Ada', lastName: 'Admin', isSuperAdmin: true, isOrganizationAdmin: true },
      { organizationId: org!.id, email: 'manager@tessera.dev', firstName: 'Max', lastName: 'Manager' },
      { organizationId: org!.id, email: 'receipts@tessera.dev', firstName: 'Rita', lastName: 'Reviewer' },
    ])
    .returning()
  void superAdmin
  const managerGrants = ['dashboard:view', 'users:manage', 'challenges:manage', 'rewards:manage', 'referrals:view', 'program:update', 'receipts:view']
  await insertChunked(db, adminProgramPermissions, [
    ...managerGrants.map((g) => {
      const [resource, action] = g.split(':') as [string, string]
      return { programId: demo.id, adminUserId: manager!.id, resource, action }
    }),
    { programId: demo.id, adminUserId: reviewer!.id, resource: 'receipts', action: 'manage' },
  ])
  await seedDemoContent(db, { demo, links, participants: opts.participants ?? 300, log })
  await seedDemoReceipts(db, demo.id)
  log('[seed] demo data created')
  return { created: true }
}
