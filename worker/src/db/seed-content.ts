import { and, eq, getTableColumns, inArray, is, isNull, SQL } from 'drizzle-orm'
import type { SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { Db } from './client'
import {
  type AnswerType,
  type ChallengeType,
  challengeCompletions,
  challenges,
  coupons,
  emailSettings,
  participantActions,
  participantAnswers,
  participantProfileAttributes,
  participants,
  pointsLedger,
  type programs,
  profileAttributeDefinitions,
  questionOptions,
  questions,
  referrals,
  rewardClaims,
  rewards,
  type rewardSelections,
  socialNetworkPosts,
  socialPostViews,
  sweepstakeEntries,
  tiers,
} from './schema'
import { insertChunked } from './seed-insert'
import { batch } from './batch'

type ProgramRow = typeof programs.$inferSelect

/*
 * Demo content for the two demo programs: challenges of every type, rewards of every selection, tiers
 * and participants with a year of history. Everything comes from a seeded PRNG and a time anchor (the
 * start of the current UTC day), so a fresh database seeded on the same day holds the same rows.
 *
 * The whole history is simulated in memory first (balances, inventory, tiers), then written with a
 * handful of chunked multi-row inserts: ids are read back in bulk, never row by row. Balances are
 * never written directly: every change is a points_ledger row and the ledger trigger applies it.
 */

const DAY = 86_400_000
const HOUR = 3_600_000
const MIN = 60_000

// ---------------------------------------------------------------------------------------------
// Content
// ---------------------------------------------------------------------------------------------

type Status = 'draft' | 'active' | 'ended' | 'scheduled'
type OptionSpec = { details: string; image?: string; alt?: string; correct?: boolean }
type QuestionSpec = {
  title: string
  details?: string
  type: AnswerType
  required?: boolean
  /** Profile collect: the participant profile attribute the answer is written to. */
  profile?: string
  options?: OptionSpec[]
}
type PostSpec = {
  type: 'gallery' | 'image' | 'video'
  media: string
  message: string
  durationSeconds?: number
  daysAgo: number
  children?: PostSpec[]
}
type ChallengeSpec = {
  identifier: string
  name: string
  caption: string
  description: string
  content?: string
  type: ChallengeType
  parameters: Record<string, unknown>
  status: Status
  points: number
  cta?: string
  linkUrl?: string
  image: string
  successMessage?: string
  tags: string[]
  featured?: boolean
  /** Days from the anchor (negative: in the past). */
  startDays?: number
  finishDays?: number
  /** Share of fully engaged participants who complete it (simulation only). */
  popularity: number
  questions?: QuestionSpec[]
  posts?: PostSpec[]
}
type RewardSpec = {
  key: string
  name: string
  selection: (typeof rewardSelections)[number]
  description: string
  details: string
  terms: string
  redemption: string
  image: string
  activeImage?: string
  redemptionImage?: string
  threshold: number
  limit: number
  repeatable?: boolean
  featured?: boolean
  parameters?: Record<string, unknown>
  coupons?: { prefix: string; count: number }
  startDays?: number
  finishDays?: number
  tags: string[]
  /** How keen participants are to claim it (simulation only). */
  appetite?: number
}
type TierSpec = { name: string; min: number; max: number }
type ProgramContent = {
  challenges: ChallengeSpec[]
  rewards: RewardSpec[]
  tiers: TierSpec[]
  profileAttributes: { name: string; display: string; type: string }[]
  /** Legacy punch-card points imported for founding members. */
  imports: boolean
  referrals: boolean
}

const IMG = {
  hero: '/brand/hero.svg',
  slide1: '/brand/slide-1.svg',
  slide2: '/brand/slide-2.svg',
  logo: '/brand/logo.svg',
}
/**
 * A 12-second clip shipped in the repo (widgets/public/brand/pour-over.mp4, H.264, generated with
 * ffmpeg): demo media is served from the product's own origin, so the demo plays offline.
 */
const SAMPLE_VIDEO = '/brand/pour-over.mp4'

const TIERS: TierSpec[] = [
  { name: 'Bronze', min: 0, max: 999 },
  { name: 'Silver', min: 1000, max: 4999 },
  { name: 'Gold', min: 5000, max: 999999 },
]

const PROFILE_ATTRIBUTES = [
  { name: 'phone', display: 'Phone', type: 'phone' },
  { name: 'address_1', display: 'Address', type: 'text' },
  { name: 'address_2', display: 'Address line 2', type: 'text' },
  { name: 'city', display: 'City', type: 'text' },
  { name: 'state', display: 'State', type: 'text' },
  { name: 'postal', display: 'Zip code', type: 'text' },
  { name: 'affiliation', display: 'About you', type: 'check_box' },
]

const SURVEY_QUESTIONS: QuestionSpec[] = [
  { title: "What's your go-to order?", details: 'Drink, size, milk: however you would say it at the counter.', type: 'text', required: true },
  { title: 'Describe your perfect café visit', type: 'text_area', required: true },
  {
    title: 'How do you usually take your coffee?',
    type: 'dropdown',
    required: true,
    options: [{ details: 'Black' }, { details: 'With dairy milk' }, { details: 'With oat or almond milk' }, { details: 'With milk and sugar' }],
  },
  { title: 'When is your birthday?', details: 'We send a treat during your birthday month.', type: 'date', required: true },
  { title: 'When would you like to join a free cupping session?', type: 'date_time', required: false },
  {
    title: 'How often do you visit us?',
    type: 'radio_button',
    required: true,
    options: [{ details: 'Almost every day' }, { details: 'A few times a week' }, { details: 'About once a week' }, { details: 'A couple of times a month' }],
  },
  { title: 'Would you like to hear about new seasonal drinks first?', type: 'boolean', required: true },
  { title: 'Write a short review of your favourite drink', details: 'Formatting is welcome.', type: 'wysiwyg', required: false },
  {
    title: 'Pick your favourite roast',
    type: 'image_radio_button',
    required: true,
    options: [
      { details: 'Light roast', image: IMG.slide1, alt: 'Light roast beans, pale brown and floral' },
      { details: 'Medium roast', image: IMG.slide2, alt: 'Medium roast beans, caramel brown' },
      { details: 'Dark roast', image: IMG.hero, alt: 'Dark roast beans, glossy and almost black' },
    ],
  },
  {
    title: 'Which of these do you enjoy?',
    details: 'Choose all that apply.',
    type: 'check_box',
    required: true,
    options: [{ details: 'Espresso' }, { details: 'Pour-over' }, { details: 'Cold brew' }, { details: 'Matcha' }, { details: 'Chai' }],
  },
  {
    title: 'Which merch would you actually use?',
    type: 'image_check_box',
    required: true,
    options: [
      { details: 'Canvas tote', image: IMG.slide1, alt: 'Natural canvas tote bag with the Ember & Oak logo' },
      { details: 'Ceramic mug', image: IMG.slide2, alt: 'Speckled ceramic mug' },
      { details: 'Knit beanie', image: IMG.hero, alt: 'Rust-coloured knit beanie' },
      { details: 'Travel tumbler', image: IMG.logo, alt: 'Insulated steel travel tumbler' },
    ],
  },
  { title: 'Mobile number for order-ready texts', details: 'Optional. We never share it.', type: 'phone', required: false },
  { title: 'How many cups of coffee do you drink per week?', type: 'number', required: true },
  { title: 'What do you usually spend per visit (USD)?', type: 'decimal', required: true },
  { title: 'What time do you usually have your first coffee?', type: 'time', required: true },
]

const QUIZ_QUESTIONS: QuestionSpec[] = [
  {
    title: 'Where was coffee first discovered?',
    type: 'radio_button',
    required: true,
    options: [{ details: 'Ethiopia', correct: true }, { details: 'Brazil' }, { details: 'Colombia' }, { details: 'Vietnam' }],
  },
  {
    title: 'Which of these drinks are made with espresso?',
    details: 'Choose all that apply.',
    type: 'check_box',
    required: true,
    options: [
      { details: 'Latte', correct: true },
      { details: 'Cappuccino', correct: true },
      { details: 'Cold brew' },
      { details: 'Americano', correct: true },
    ],
  },
  {
    title: 'What is the ideal water temperature for brewing?',
    type: 'dropdown',
    required: true,
    options: [{ details: '70-75 °C' }, { details: '80-85 °C' }, { details: '92-96 °C', correct: true }, { details: 'A rolling boil (100 °C)' }],
  },
  {
    title: 'Which cup is a flat white?',
    type: 'image_radio_button',
    required: true,
    options: [
      { details: 'Small cup, velvety microfoam, double shot', image: IMG.slide1, alt: 'A small cup with a thin layer of glossy microfoam', correct: true },
      { details: 'Tall glass, thick foam cap', image: IMG.slide2, alt: 'A tall glass topped with a thick cap of foam' },
      { details: 'Espresso with a dot of foam', image: IMG.hero, alt: 'A tiny espresso cup with a spoonful of foam' },
    ],
  },
  {
    title: 'Which of these are coffee-growing regions?',
    details: 'Choose all that apply.',
    type: 'image_check_box',
    required: true,
    options: [
      { details: 'Huila, Colombia', image: IMG.slide1, alt: 'Green mountain slopes in Huila', correct: true },
      { details: 'Yirgacheffe, Ethiopia', image: IMG.slide2, alt: 'Coffee cherries drying on raised beds', correct: true },
      { details: 'Bordeaux, France', image: IMG.hero, alt: 'Rows of grape vines' },
      { details: 'Antigua, Guatemala', image: IMG.logo, alt: 'Volcano above coffee farms', correct: true },
    ],
  },
]

const PROFILE_QUESTIONS: QuestionSpec[] = [
  { title: 'Phone number', type: 'phone', required: true, profile: 'phone' },
  { title: 'Street address', type: 'text', required: true, profile: 'address_1' },
  { title: 'City', type: 'text', required: true, profile: 'city' },
  { title: 'State', type: 'text', required: true, profile: 'state' },
  { title: 'Zip code', type: 'text', required: true, profile: 'postal' },
  {
    title: 'Which of these describe you?',
    details: 'Helps us plan events. Choose all that apply.',
    type: 'check_box',
    required: false,
    profile: 'affiliation',
    options: [{ details: 'Student' }, { details: 'Remote worker' }, { details: 'Parent' }, { details: 'Coffee professional' }, { details: 'Runner' }],
  },
]

const POUR_OVER_ARTICLE = `<p>Pour-over is the simplest way to taste what makes a coffee special. This is the method our head roaster, Lucía, uses every morning.</p>
<ol>
<li><strong>Weigh.</strong> 20 g of coffee to 320 g of water: a 1:16 ratio.</li>
<li><strong>Grind.</strong> Medium-fine, like coarse sand.</li>
<li><strong>Heat.</strong> Water just off the boil, 92-96 °C.</li>
<li><strong>Bloom.</strong> Pour 40 g of water and wait 30 seconds while the coffee releases its gas.</li>
<li><strong>Pour.</strong> Add the rest in slow circles and aim to finish by 3:00.</li>
</ol>
<p>Too bitter? Grind coarser. Too sour? Grind finer. Small changes make a big difference.</p>`

const COLD_BREW_ARTICLE = `<p>Cold brew is coffee's most forgiving recipe: time does the work.</p>
<ul>
<li>Coarsely grind 100 g of a chocolatey medium roast.</li>
<li>Stir into 1 litre of cold filtered water.</li>
<li>Cover and leave in the fridge for 16 to 18 hours.</li>
<li>Strain through a paper filter and dilute 1:1 with water or milk.</li>
</ul>
<p>It keeps for a week in the fridge. Try it with a splash of tonic and an orange peel.</p>`

const DEMO_CONTENT: ProgramContent = {
  tiers: TIERS,
  profileAttributes: PROFILE_ATTRIBUTES,
  imports: true,
  referrals: true,
  challenges: [
    {
      identifier: 'roastery-tour',
      name: 'Watch: inside the Ember & Oak roastery',
      caption: 'Take a quick tour of our roastery',
      description: 'See how green beans from our partner farms become your morning cup. Watch at least 80% of the video to earn your points.',
      type: 'video',
      parameters: { video_url: SAMPLE_VIDEO, duration: 80 },
      status: 'active',
      points: 50,
      image: IMG.slide1,
      tags: ['learn', 'video'],
      startDays: -360,
      popularity: 0.75,
    },
    {
      identifier: 'pour-over-guide',
      name: 'Read: the perfect pour-over at home',
      caption: 'Five steps to a better cup',
      description: 'Our head roaster shares the ratio, grind and timing she uses every morning.',
      content: POUR_OVER_ARTICLE,
      type: 'article',
      parameters: { read_minutes: 3 },
      status: 'active',
      points: 25,
      image: IMG.slide2,
      tags: ['learn'],
      startDays: -360,
      popularity: 0.7,
    },
    {
      identifier: 'invite-friends',
      name: 'Invite friends, earn 200 points each',
      caption: 'Share your personal link',
      description: 'Send your link to friends. When a friend joins and confirms their e-mail you earn 200 points, for up to 10 friends.',
      type: 'referral',
      parameters: { max_completions: 10 },
      status: 'active',
      points: 200,
      image: IMG.hero,
      tags: ['community'],
      startDays: -360,
      popularity: 0,
    },
    {
      identifier: 'ember-club',
      name: 'Join the Ember Club',
      caption: 'Members save at 300+ local spots',
      description: 'For $29 a year, Ember Club members unlock discounts at restaurants, shops and attractions near them, plus 300 bonus points.',
      type: 'membership',
      parameters: { price_cents: 2900 },
      status: 'active',
      points: 300,
      cta: 'Become a member',
      image: IMG.hero,
      tags: ['membership', 'offers'],
      startDays: -300,
      finishDays: 365,
      popularity: 0.2,
    },
    {
      identifier: 'share-your-order',
      name: 'Share your favourite order',
      caption: 'Tell your friends what to try',
      description: 'Share Ember & Oak on your favourite network and earn 30 points.',
      type: 'share',
      parameters: {
        share_url: 'https://example.com/ember-and-oak',
        share_text: 'My go-to at Ember & Oak is the maple oat latte. Join me and earn rewards!',
      },
      status: 'active',
      points: 30,
      image: IMG.slide2,
      tags: ['social'],
      startDays: -360,
      popularity: 0.45,
    },
    {
      identifier: 'taste-profile-survey',
      name: 'Tell us your taste profile',
      caption: 'A 2-minute survey',
      description: "Help us pick next season's menu: your answers decide which drinks and beans we bring in.",
      type: 'collect',
      parameters: { collect_type: 'survey' },
      status: 'active',
      points: 75,
      image: IMG.slide1,
      successMessage: 'Thanks! Your taste profile is saved.',
      tags: ['feedback'],
      startDays: -330,
      popularity: 0.45,
      questions: SURVEY_QUESTIONS,
    },
    {
      identifier: 'coffee-quiz',
      name: 'Coffee know-how quiz',
      caption: 'Five questions: how many can you get?',
      description: 'Test your coffee knowledge. Score 60% or more to earn 60 points.',
      type: 'collect',
      parameters: { collect_type: 'quiz', pass_score: 60 },
      status: 'active',
      points: 60,
      image: IMG.slide2,
      successMessage: 'Nice work, you passed the quiz!',
      tags: ['learn', 'quiz'],
      startDays: -250,
      popularity: 0.5,
      questions: QUIZ_QUESTIONS,
    },
    {
      identifier: 'complete-your-profile',
      name: 'Complete your profile',
      caption: '100 points for a few details',
      description: 'Add your address and interests so we can invite you to events near you and send your birthday treat.',
      type: 'collect',
      parameters: { collect_type: 'profile' },
      status: 'active',
      points: 100,
      image: IMG.hero,
      tags: ['onboarding'],
      startDays: -360,
      popularity: 0.55,
      questions: PROFILE_QUESTIONS,
    },
    {
      identifier: 'coffee-origins',
      name: 'Explore our coffee origins',
      caption: 'Meet the farms behind your cup',
      description: 'Learn about the farms in Colombia, Ethiopia and Guatemala we buy from directly.',
      type: 'link',
      parameters: { link_url: 'https://en.wikipedia.org/wiki/Coffee_production_in_Colombia' },
      linkUrl: 'https://en.wikipedia.org/wiki/Coffee_production_in_Colombia',
      status: 'active',
      points: 20,
      image: IMG.slide1,
      tags: ['learn'],
      startDays: -360,
      popularity: 0.55,
    },
    {
      identifier: 'daily-brew-tip',
      name: 'Daily brew tip',
      caption: 'A new tip every day, 10 points every day',
      description: 'Check in once a day for a quick tip from our baristas. Come back tomorrow for another 10 points.',
      type: 'link',
      parameters: { link_url: 'https://en.wikipedia.org/wiki/Coffee_preparation', repeat: 'daily' },
      linkUrl: 'https://en.wikipedia.org/wiki/Coffee_preparation',
      status: 'active',
      points: 10,
      cta: "Get today's tip",
      image: IMG.slide2,
      tags: ['daily'],
      startDays: -60,
      popularity: 1,
    },
    {
      identifier: 'order-ahead-app',
      name: 'Download the order-ahead app',
      caption: 'Skip the line at every café',
      description: 'Order from your phone and pick up at the counter. Install the app to earn 40 points.',
      type: 'call_action',
      parameters: { link_url: 'https://example.com/ember-and-oak/app' },
      linkUrl: 'https://example.com/ember-and-oak/app',
      status: 'active',
      points: 40,
      cta: 'Get the app',
      image: IMG.hero,
      tags: ['app'],
      startDays: -200,
      popularity: 0.4,
    },
    {
      identifier: 'follow-on-instagram',
      name: 'Follow us on Instagram',
      caption: 'Latte art, new drinks and giveaways',
      description: 'Follow @emberandoak for first looks at seasonal drinks.',
      type: 'engage',
      parameters: { link_url: 'https://www.instagram.com/', platform: 'instagram' },
      linkUrl: 'https://www.instagram.com/',
      status: 'active',
      points: 15,
      image: IMG.slide1,
      tags: ['social'],
      startDays: -360,
      popularity: 0.55,
    },
    {
      identifier: 'behind-the-bar',
      name: 'Behind the bar',
      caption: 'Catch up on our latest posts',
      description: 'View our latest posts from the café floor to earn 45 points.',
      type: 'unified_social',
      parameters: {},
      status: 'active',
      points: 45,
      image: IMG.slide2,
      tags: ['social'],
      startDays: -90,
      popularity: 0.45,
      posts: [
        {
          type: 'gallery',
          media: IMG.slide1,
          message: 'A morning at the roastery: from green beans to the cooling tray.',
          daysAgo: 88,
          children: [
            { type: 'image', media: IMG.slide1, message: 'Green beans from Huila, fresh off the truck.', daysAgo: 88 },
            { type: 'image', media: IMG.slide2, message: 'Second crack at 11 minutes: our medium roast.', daysAgo: 88 },
            { type: 'image', media: IMG.hero, message: 'Cooling tray, the best smell in the building.', daysAgo: 88 },
          ],
        },
        { type: 'image', media: IMG.slide2, message: 'Latte art Tuesday: Jun poured a swan. Can you beat it?', daysAgo: 41 },
        { type: 'video', media: SAMPLE_VIDEO, message: 'A pour-over, start to finish, in 12 seconds.', durationSeconds: 12, daysAgo: 12 },
      ],
    },
    {
      identifier: 'give-back',
      name: 'Give back this season',
      caption: 'We match every dollar you give',
      description: 'Donate to one of our partner causes. Ember & Oak matches every donation, and you earn points for giving.',
      type: 'donation',
      parameters: {
        entity_label: 'Choose a cause',
        entities: [
          { id: 'one-tree-planted', name: 'One Tree Planted' },
          { id: 'coffee-kids', name: 'Coffee Kids' },
          { id: 'local-food-bank', name: 'Neighborhood Food Bank' },
        ],
        amounts: [
          { amount: 500, points: 50 },
          { amount: 1000, points: 120 },
          { amount: 2500, points: 300 },
        ],
      },
      status: 'active',
      points: 50,
      image: IMG.hero,
      tags: ['community'],
      startDays: -45,
      finishDays: 40,
      popularity: 0.15,
    },
    {
      identifier: 'holiday-blend-preview',
      name: 'Preview: the holiday blend',
      caption: 'First look at our winter coffee',
      description: 'Watch the story of this year’s holiday blend before it hits the shelves.',
      type: 'video',
      parameters: { video_url: SAMPLE_VIDEO, duration: 80 },
      status: 'scheduled',
      points: 40,
      image: IMG.slide1,
      tags: ['video', 'seasonal'],
      startDays: 14,
      finishDays: 45,
      popularity: 0,
    },
    {
      identifier: 'cold-brew-summer',
      name: 'Read: cold brew all summer',
      caption: 'The easiest coffee you will ever make',
      description: 'Our summer guide to smooth, low-acid cold brew at home.',
      content: COLD_BREW_ARTICLE,
      type: 'article',
      parameters: { read_minutes: 2 },
      status: 'ended',
      points: 25,
      image: IMG.slide2,
      tags: ['learn', 'seasonal'],
      startDays: -200,
      finishDays: -70,
      popularity: 0.55,
    },
    {
      identifier: 'barista-workshop-rsvp',
      name: 'RSVP: barista workshop',
      caption: 'Learn to pour latte art',
      description: 'Save a seat at our next hands-on workshop. Draft: dates not confirmed yet.',
      type: 'call_action',
      parameters: { link_url: 'https://example.com/ember-and-oak/workshops' },
      linkUrl: 'https://example.com/ember-and-oak/workshops',
      status: 'draft',
      points: 80,
      cta: 'Save my seat',
      image: IMG.hero,
      tags: ['events'],
      popularity: 0,
    },
  ],
  rewards: [
    {
      key: 'pastry',
      name: 'Free pastry with any drink',
      selection: 'redeem',
      description: 'Pick any pastry from the case when you order a drink.',
      details: 'Croissants, cardamom buns, banana bread: whatever is fresh today. Claim as often as you like.',
      terms: 'One pastry per drink purchased. Not valid with other offers. No cash value.',
      redemption: 'Show this reward at the counter before you pay.',
      image: IMG.slide2,
      threshold: 150,
      limit: 5000,
      repeatable: true,
      tags: ['food'],
      startDays: -360,
      appetite: 0.6,
    },
    {
      key: 'gift-card',
      name: '$5 Ember & Oak gift card',
      selection: 'redeem',
      description: 'A $5 digital gift card to spend in any café or online.',
      details: 'Your code appears here as soon as you claim. Limited to the codes in stock.',
      terms: 'One per participant. Codes expire 12 months after claiming. No cash value.',
      redemption: 'Enter the code at checkout online or show it at the counter.',
      image: IMG.slide1,
      redemptionImage: IMG.logo,
      threshold: 750,
      limit: 20,
      coupons: { prefix: 'EMBER5', count: 20 },
      tags: ['gift-card'],
      startDays: -240,
      appetite: 0.5,
    },
    {
      key: 'tote',
      name: 'Ember & Oak canvas tote',
      selection: 'redeem',
      description: 'Our heavy canvas tote, big enough for a laptop and a bag of beans.',
      details: 'Natural canvas with a screen-printed logo. Pick it up at any café.',
      terms: 'One per participant, while supplies last.',
      redemption: 'Pick it up at any café within 30 days: show this screen to the barista.',
      image: IMG.hero,
      threshold: 1500,
      limit: 60,
      tags: ['merch'],
      startDays: -300,
      appetite: 0.45,
    },
    {
      key: 'masterclass',
      name: 'Barista masterclass seat',
      selection: 'redeem',
      description: 'Two hours behind the bar with our head trainer: espresso, milk and latte art.',
      details: 'Saturdays at the Portland roastery. Only 12 seats per season.',
      terms: 'One per participant. Non-transferable. Reschedule up to 48 hours before.',
      redemption: 'We e-mail you within two days to book your Saturday.',
      image: IMG.slide1,
      threshold: 2000,
      limit: 12,
      featured: false,
      tags: ['experience'],
      startDays: -120,
      appetite: 0.4,
    },
    {
      key: 'farm-trip',
      name: 'Win a trip to our partner farm in Huila, Colombia',
      selection: 'sweepstake',
      description: 'A week at the Finca La Esperanza harvest for two, flights included.',
      details: 'Each entry costs 50 points; buy as many as you like. The winner is drawn when the sweepstake ends.',
      terms: 'Open to US residents 18+. One winner. Staff are not eligible. Travel between March and May.',
      redemption: 'We contact the winner by e-mail within 7 days of the draw.',
      image: IMG.hero,
      threshold: 50,
      limit: 1,
      repeatable: true,
      tags: ['sweepstake'],
      startDays: -30,
      finishDays: 38,
      appetite: 0.35,
    },
    {
      key: 'explorer-badge',
      name: 'Coffee Explorer badge',
      selection: 'achievement',
      description: 'Earned automatically after your first three challenges.',
      details: 'Complete any three challenges to unlock the badge.',
      terms: 'Awarded once per participant.',
      redemption: 'The badge shows on your account.',
      image: IMG.slide2,
      activeImage: IMG.slide1,
      threshold: 0,
      limit: 1000,
      parameters: { rule: 'completed_challenges', value: 3 },
      tags: ['badge'],
      startDays: -360,
    },
    {
      key: 'thousand-club',
      name: '1,000 points club',
      selection: 'milestone',
      description: 'Reach 1,000 lifetime points and we send you a bag of beans.',
      details: 'Lifetime points count everything you have earned, even points you already spent.',
      terms: 'One bag per participant. US shipping only.',
      redemption: 'We ship a 250 g bag of this month’s single origin to your profile address.',
      image: IMG.slide1,
      threshold: 0,
      limit: 500,
      parameters: { rule: 'lifetime_points', value: 1000 },
      tags: ['milestone'],
      startDays: -360,
    },
    {
      key: 'member-offers',
      name: 'Member offers: local discounts',
      selection: 'offer',
      description: 'Ember Club members get discounts at 300+ restaurants, shops and attractions.',
      details: 'Join the Ember Club to unlock offers near your zip code.',
      terms: 'Valid while your membership is active. Offers are provided by participating merchants.',
      redemption: 'Open My Offers and search near you.',
      image: IMG.hero,
      threshold: 0,
      limit: 100000,
      tags: ['offers'],
      startDays: -300,
    },
    {
      key: 'latte-art-contest',
      name: 'Latte art photo contest',
      selection: 'mini-contest',
      description: 'Post your best latte art: our baristas pick three winners.',
      details: 'Winners get a year of free drip coffee.',
      terms: 'Photos must be your own work. Winners chosen by Ember & Oak staff.',
      redemption: 'Winners are announced on Instagram and contacted by e-mail.',
      image: IMG.slide2,
      threshold: 0,
      limit: 3,
      tags: ['contest'],
      startDays: -20,
      finishDays: 20,
    },
    {
      key: 'birthday-treat',
      name: 'Birthday treat',
      selection: 'other',
      description: 'A free drink of your choice during your birthday month.',
      details: 'Add your birthday in the taste profile survey and we e-mail your treat on the first of the month.',
      terms: 'One treat per year. Valid for 30 days.',
      redemption: 'Show the e-mail at the counter.',
      image: IMG.slide1,
      threshold: 0,
      limit: 10000,
      tags: ['birthday'],
      startDays: -360,
    },
  ],
}

const LINKS_CONTENT: ProgramContent = {
  tiers: TIERS,
  profileAttributes: [],
  imports: false,
  referrals: false,
  challenges: [
    {
      identifier: 'welcome-video',
      name: 'Watch the welcome video',
      caption: 'One minute on how the program works',
      description: 'A quick look at how to earn and spend points.',
      type: 'video',
      parameters: { video_url: SAMPLE_VIDEO, duration: 80 },
      status: 'active',
      points: 30,
      image: IMG.slide1,
      tags: ['onboarding'],
      startDays: -120,
      popularity: 0.9,
    },
    {
      identifier: 'magic-links-explained',
      name: 'Read: how magic links work',
      caption: 'No passwords, ever',
      description: 'Why signing in with a link is both easier and safer than a password.',
      content:
        '<p>Each sign-in link works once and expires after 20 minutes. Open it on the device where you want to be signed in.</p><p>Lost the e-mail? Just ask for a new link.</p>',
      type: 'article',
      parameters: {},
      status: 'active',
      points: 20,
      image: IMG.slide2,
      tags: ['learn'],
      startDays: -120,
      popularity: 0.8,
    },
    {
      identifier: 'visit-help-center',
      name: 'Visit the help center',
      caption: 'Answers to common questions',
      description: 'Find out where to get help when you need it.',
      type: 'link',
      parameters: { link_url: 'https://tessera.dev/help' },
      linkUrl: 'https://tessera.dev/help',
      status: 'active',
      points: 15,
      image: IMG.hero,
      tags: ['help'],
      startDays: -120,
      popularity: 0.7,
    },
    {
      identifier: 'share-with-a-friend',
      name: 'Share with a friend',
      caption: 'Spread the word',
      description: 'Share the program with a friend.',
      type: 'share',
      parameters: { share_url: 'https://example.com/links', share_text: 'Earn rewards with me!' },
      status: 'active',
      points: 25,
      image: IMG.slide2,
      tags: ['social'],
      startDays: -120,
      popularity: 0.6,
    },
  ],
  rewards: [
    {
      key: 'drip-coffee',
      name: 'Free drip coffee',
      selection: 'redeem',
      description: 'Any size drip coffee, on us.',
      details: 'Claim and show the reward at the counter.',
      terms: 'One per participant. No cash value.',
      redemption: 'Show this screen before you pay.',
      image: IMG.slide1,
      threshold: 120,
      limit: 100,
      tags: ['food'],
      startDays: -120,
      appetite: 0.8,
    },
    {
      key: 'starter-badge',
      name: 'Getting started badge',
      selection: 'achievement',
      description: 'Earned after your first three challenges.',
      details: 'Complete any three challenges.',
      terms: 'Awarded once per participant.',
      redemption: 'The badge shows on your account.',
      image: IMG.slide2,
      activeImage: IMG.slide1,
      threshold: 0,
      limit: 100,
      parameters: { rule: 'completed_challenges', value: 3 },
      tags: ['badge'],
      startDays: -120,
    },
  ],
}

// ---------------------------------------------------------------------------------------------
// People
// ---------------------------------------------------------------------------------------------

const FIRST_NAMES = [
  'Liam', 'Olivia', 'Noah', 'Emma', 'Mateo', 'Ava', 'Ethan', 'Isabella', 'Lucas', 'Mia', 'Aiden', 'Amara',
  'Hiroshi', 'Priya', 'Arjun', 'Chloe', 'Kwame', 'Fatima', 'Omar', 'Leila', 'Elena', 'Jonas', 'Freya', 'Tomás',
  'Zoe', 'Grace', 'Samuel', 'Aaliyah', 'Benjamin', 'Camila', 'Diego', 'Hannah', 'Isaac', 'Jasmine', 'Kai', 'Layla',
  'Marcus', 'Nadia', 'Oscar', 'Paige', 'Quinn', 'Rosa', 'Sebastian', 'Talia', 'Uma', 'Victor', 'Wren', 'Ximena',
  'Yusuf', 'Zara', 'André', 'Bianca', 'Connor', 'Dalia', 'Elijah', 'Farah', 'Gabriel', 'Hana', 'Ivan', 'Julia',
  'Kofi', 'Lena', 'Malik', 'Nora', 'Owen', 'Pilar', 'Rafael', 'Sana', 'Theo', 'Valentina', 'Wei', 'Yara',
  'Alicia', 'Bruno', 'Carmen', 'Declan', 'Esme', 'Felix', 'Gemma', 'Henry', 'Ines', 'Jamal', 'Keiko', 'Luca',
]
const LAST_NAMES = [
  'Nguyen', 'Patel', 'Kim', 'Johnson', 'Garcia', 'Müller', "O'Brien", 'Rossi', 'Kowalski', 'Haddad', 'Chen',
  'Williams', 'Brown', 'Davis', 'Martinez', 'Lopez', 'Wilson', 'Anderson', 'Taylor', 'Moore', 'Jackson', 'Martin',
  'Lee', 'Walker', 'Hall', 'Allen', 'Young', 'King', 'Wright', 'Scott', 'Green', 'Baker', 'Adams', 'Nelson',
  'Carter', 'Mitchell', 'Perez', 'Roberts', 'Turner', 'Phillips', 'Campbell', 'Parker', 'Evans', 'Edwards',
  'Collins', 'Stewart', 'Sanchez', 'Morris', 'Rogers', 'Reed', 'Cook', 'Morgan', 'Bell', 'Murphy', 'Bailey',
  'Rivera', 'Cooper', 'Richardson', 'Cox', 'Howard', 'Ward', 'Torres', 'Peterson', 'Gray', 'Ramos', 'James',
  'Watson', 'Brooks', 'Kelly', 'Sanders', 'Price', 'Bennett', 'Wood', 'Barnes', 'Ross', 'Henderson', 'Coleman',
  'Jenkins', 'Perry', 'Powell', 'Long', 'Hughes', 'Flores', 'Butler', 'Simmons', 'Foster', 'Bryant', 'Russell',
  'Griffin', 'Diaz', 'Hayes', 'Yamamoto', 'Sato', 'Singh', 'Ivanova', 'Novak', 'Andersson', 'Dubois',
  'Fernández', 'Mensah', 'Abebe', 'Lindqvist', 'Okonkwo', 'Castillo', 'Moreau',
]
/** The first participants: long-time members with high balances, for demos (docs/demo-data.md). */
const SHOWCASE = [
  { first: 'Maya', last: 'Thompson', e: 1, daysAgo: 364, imported: 4200 },
  { first: 'Daniel', last: 'Okafor', e: 0.95, daysAgo: 363, imported: 4400 },
  { first: 'Sofia', last: 'Ramirez', e: 0.85, daysAgo: 362, imported: 600 },
]
const PLACES = [
  { city: 'Portland', state: 'OR', postal: '97205', area: '503' },
  { city: 'Seattle', state: 'WA', postal: '98101', area: '206' },
  { city: 'Austin', state: 'TX', postal: '78701', area: '512' },
  { city: 'Denver', state: 'CO', postal: '80202', area: '303' },
  { city: 'Chicago', state: 'IL', postal: '60601', area: '312' },
  { city: 'Brooklyn', state: 'NY', postal: '11201', area: '718' },
  { city: 'San Diego', state: 'CA', postal: '92101', area: '619' },
  { city: 'Minneapolis', state: 'MN', postal: '55401', area: '612' },
  { city: 'Nashville', state: 'TN', postal: '37203', area: '615' },
  { city: 'Boston', state: 'MA', postal: '02108', area: '617' },
  { city: 'Atlanta', state: 'GA', postal: '30303', area: '404' },
  { city: 'Oakland', state: 'CA', postal: '94612', area: '510' },
  { city: 'Philadelphia', state: 'PA', postal: '19103', area: '215' },
  { city: 'Madison', state: 'WI', postal: '53703', area: '608' },
  { city: 'Asheville', state: 'NC', postal: '28801', area: '828' },
  { city: 'Salt Lake City', state: 'UT', postal: '84101', area: '801' },
]
const STREETS = ['Oak St', 'Maple Ave', 'Pine St', 'Cedar Ln', 'Elm St', 'Park Ave', 'Lakeview Dr', 'Hillside Rd', 'Main St', 'River Rd']
const GO_TO_ORDERS = [
  'Oat milk flat white',
  'Double espresso',
  'Iced caramel latte, less sweet',
  'Cortado',
  'Chai latte with oat milk',
  'Whatever single origin is on pour-over',
  'Large cold brew, black',
  'Maple oat latte',
  'Matcha latte with almond milk',
  'Americano with a splash of cream',
]
const PERFECT_VISITS = [
  'A window seat, a book and a second cup without anyone rushing me.',
  'Quick and friendly: mobile order ready when I walk in.',
  'Saturday morning with friends, pastries for the table.',
  'Working for a couple of hours with good Wi-Fi and quiet music.',
  'Trying something new the barista recommends.',
  'Meeting a client somewhere that feels warm but not loud.',
]
const REVIEWS = [
  '<p>The <strong>maple oat latte</strong> is perfect on cold mornings: sweet but not too sweet.</p>',
  '<p>Your Ethiopian pour-over tastes like <em>blueberries</em>. I did not believe it until I tried it.</p>',
  '<p>Cold brew with tonic and orange peel. Summer in a glass.</p>',
  '<p>The cortado is small, strong and always consistent. <strong>10/10</strong>.</p>',
]

type Person = {
  n: number
  first: string
  last: string
  email: string
  createdAt: number
  status: 'pending' | 'inactive' | 'active' | 'opted_out' | 'blocked'
  staff: boolean
  e: number
  imported: number
  place: (typeof PLACES)[number]
  street: string
  referralCode: string
  emailSetting: number
  /** Last moment the participant was active (earlier than the anchor for lapsed participants). */
  activeUntil: number
  // Filled by the simulation.
  completed: number
  lifetime: number
  balance: number
  eligibleOffers: boolean
  lastActivity: number
  signInCount: number
  attrs: Map<string, string>
}

const asciiSlug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '')

function makePrng(seed: number) {
  let s = seed >>> 0
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
    between: (a: number, b: number) => a + next() * (b - a),
  }
}
type Rand = ReturnType<typeof makePrng>

const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

function referralCodeFor(rand: Rand, used: Set<string>) {
  for (;;) {
    let code = ''
    for (let i = 0; i < 8; i++) code += REFERRAL_ALPHABET[rand.int(0, REFERRAL_ALPHABET.length - 1)]
    if (!used.has(code)) {
      used.add(code)
      return code
    }
  }
}

/** A time of day between 7:00 and 21:59 UTC on the day `daysAgo` days before the anchor. */
const dayTime = (rand: Rand, anchor: number, daysAgo: number) => anchor - daysAgo * DAY + 7 * HOUR + rand.int(0, 15 * 60 - 1) * MIN

function makePeople(rand: Rand, count: number, anchor: number): Person[] {
  const codes = new Set<string>()
  const drafts = Array.from({ length: count }, (_, i) => {
    const show = SHOWCASE[i]
    // More recent sign-ups than old ones: a program that grows.
    const daysAgo = show ? show.daysAgo : 1 + Math.floor((1 - rand.next() ** 0.8) * 359)
    return { show, createdAt: dayTime(rand, anchor, daysAgo) }
  })
  drafts.sort((a, b) => (a.show ? -1 : 0) - (b.show ? -1 : 0) || a.createdAt - b.createdAt)
  return drafts.map((d, i): Person => {
    const n = i + 1
    const first = d.show?.first ?? rand.pick(FIRST_NAMES)
    const last = d.show?.last ?? rand.pick(LAST_NAMES)
    let status: Person['status'] = 'active'
    if (!d.show) {
      const r = rand.next()
      if (r < 0.03) status = 'pending'
      else if (r < 0.06) status = 'inactive'
      else if (r < 0.085) status = 'opted_out'
      else if (r < 0.095) status = 'blocked'
    }
    const staff = !d.show && status === 'active' && (n === 7 || rand.chance(0.025))
    const e = d.show ? d.show.e : staff ? rand.between(0.6, 0.95) : rand.next() ** 1.4
    const lapsed = status !== 'active' && status !== 'pending'
    const activeUntil = lapsed ? d.createdAt + (anchor - d.createdAt) * rand.between(0.2, 0.7) : anchor - HOUR
    const founding = d.createdAt < anchor - 270 * DAY
    const imported = d.show ? d.show.imported : founding && rand.chance(0.55) ? rand.int(4, 60) * 50 : 0
    const place = rand.pick(PLACES)
    return {
      n,
      first,
      last,
      email: `${asciiSlug(first)}.${asciiSlug(last)}${n}@example.com`,
      createdAt: d.createdAt,
      status,
      staff,
      e,
      imported,
      place,
      street: `${rand.int(12, 2899)} ${rand.pick(STREETS)}`,
      referralCode: referralCodeFor(rand, codes),
      emailSetting: status === 'opted_out' ? 2 : rand.chance(0.75) ? 0 : 1,
      activeUntil,
      completed: 0,
      lifetime: 0,
      balance: 0,
      eligibleOffers: false,
      lastActivity: d.createdAt,
      signInCount: 0,
      attrs: new Map(),
    }
  })
}

// ---------------------------------------------------------------------------------------------
// Simulation
// ---------------------------------------------------------------------------------------------

type PlannedAnswer = { question: number; option?: number; answer: string }
type Ref = { challenge: string } | { reward: string } | { referralOf: number } | null
type Plan = {
  completions: { challenge: string; n: number; periodKey: string; points: number; score: number | null; at: number; answers: PlannedAnswer[] | null }[]
  ledger: {
    n: number
    delta: number
    kind: 'earn' | 'spend'
    source: 'challenge' | 'reward' | 'referral' | 'import' | 'signup'
    ref: Ref
    title: string
    key: string
    at: number
  }[]
  actions: { n: number; type: string; title: string; points: number; ref: Ref; details: Record<string, unknown> | null; at: number }[]
  claims: { reward: string; n: number; claimKey: string; pointsSpent: number; status: 'claimed' | 'won'; at: number }[]
  referrals: { referrer: number; referee: number; status: 'pending' | 'approved' | 'rejected'; points: number; at: number; comments: string | null }[]
  entries: Map<string, number>
  /** Flattened post index (parents before their children) per view. */
  views: { n: number; post: number; at: number }[]
  completionsByChallenge: Map<string, number>
  claimsByReward: Map<string, number>
}

type Event =
  | { at: number; seq: number; kind: 'complete'; c: ChallengeSpec; periodKey: string; points: number; score: number | null; answers: PlannedAnswer[] | null; details: Record<string, unknown> | null }
  | { at: number; seq: number; kind: 'import'; points: number }
  | { at: number; seq: number; kind: 'referral'; referee: Person; points: number }
  | { at: number; seq: number; kind: 'redeem'; r: RewardSpec }
  | { at: number; seq: number; kind: 'sweep'; r: RewardSpec; entries: number }

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10)

function flattenPosts(posts: PostSpec[]) {
  const flat: { post: PostSpec; parent: number | null }[] = []
  for (const post of posts) {
    const index = flat.length
    flat.push({ post, parent: null })
    for (const child of post.children ?? []) flat.push({ post: child, parent: index })
  }
  return flat
}

function surveyAnswers(rand: Rand, qs: QuestionSpec[], p: Person, at: number): PlannedAnswer[] {
  const out: PlannedAnswer[] = []
  qs.forEach((q, question) => {
    if (!q.required && rand.chance(0.45)) return
    const opts = q.options ?? []
    switch (q.type) {
      case 'dropdown':
      case 'radio_button':
      case 'image_radio_button': {
        const option = rand.int(0, opts.length - 1)
        out.push({ question, option, answer: opts[option]!.details })
        break
      }
      case 'check_box':
      case 'image_check_box': {
        const chosen = opts.map((_, i) => i).filter(() => rand.chance(0.45))
        if (!chosen.length) chosen.push(rand.int(0, opts.length - 1))
        for (const option of chosen) out.push({ question, option, answer: opts[option]!.details })
        break
      }
      case 'text':
        out.push({ question, answer: rand.pick(GO_TO_ORDERS) })
        break
      case 'text_area':
        out.push({ question, answer: rand.pick(PERFECT_VISITS) })
        break
      case 'wysiwyg':
        out.push({ question, answer: rand.pick(REVIEWS) })
        break
      case 'date':
        out.push({ question, answer: `${rand.int(1962, 2005)}-${String(rand.int(1, 12)).padStart(2, '0')}-${String(rand.int(1, 28)).padStart(2, '0')}` })
        break
      case 'date_time':
        out.push({ question, answer: `${isoDate(at + rand.int(5, 30) * DAY)}T${rand.pick(['09:00', '10:30', '14:00', '16:30'])}` })
        break
      case 'boolean':
        out.push({ question, answer: rand.chance(0.7) ? 'true' : 'false' })
        break
      case 'phone':
        out.push({ question, answer: phoneOf(p) })
        break
      case 'number':
        out.push({ question, answer: String(rand.int(1, 21)) })
        break
      case 'decimal':
        out.push({ question, answer: (rand.int(350, 1450) / 100).toFixed(2) })
        break
      case 'time':
        out.push({ question, answer: `${String(rand.int(5, 10)).padStart(2, '0')}:${rand.pick(['00', '15', '30', '45'])}` })
        break
    }
  })
  return out
}

const phoneOf = (p: Person) => `+1 ${p.place.area}-555-${String(100 + (p.n % 100)).padStart(4, '0')}`

/** Quiz answers and score (percent of questions answered exactly right). */
function quizAnswers(rand: Rand, qs: QuestionSpec[], e: number) {
  const out: PlannedAnswer[] = []
  let right = 0
  qs.forEach((q, question) => {
    const opts = q.options ?? []
    const correct = opts.map((o, i) => (o.correct ? i : -1)).filter((i) => i >= 0)
    const wrong = opts.map((o, i) => (o.correct ? -1 : i)).filter((i) => i >= 0)
    const gotIt = rand.chance(0.5 + 0.4 * e)
    if (gotIt) right++
    let chosen: number[]
    if (q.type === 'check_box' || q.type === 'image_check_box') chosen = gotIt ? correct : [...correct.slice(1), rand.pick(wrong)]
    else chosen = [gotIt ? correct[0]! : rand.pick(wrong)]
    for (const option of chosen) out.push({ question, option, answer: opts[option]!.details })
  })
  return { answers: out, score: Math.round((100 * right) / qs.length) }
}

function profileAnswers(rand: Rand, qs: QuestionSpec[], p: Person): PlannedAnswer[] {
  const out: PlannedAnswer[] = []
  qs.forEach((q, question) => {
    const values: Record<string, string> = {
      phone: phoneOf(p),
      address_1: p.street,
      city: p.place.city,
      state: p.place.state,
      postal: p.place.postal,
    }
    if (q.profile === 'affiliation') {
      const opts = q.options ?? []
      const chosen = opts.map((_, i) => i).filter(() => rand.chance(0.3))
      if (!chosen.length && !q.required) return
      if (!chosen.length) chosen.push(0)
      for (const option of chosen) out.push({ question, option, answer: opts[option]!.details })
      p.attrs.set('affiliation', chosen.map((i) => opts[i]!.details).join(', '))
      return
    }
    const value = values[q.profile ?? ''] ?? ''
    out.push({ question, answer: value })
    if (q.profile) p.attrs.set(q.profile, value)
  })
  return out
}

function simulate(rand: Rand, content: ProgramContent, people: Person[], anchor: number, signup: { name: string; points: number }): Plan {
  const plan: Plan = {
    completions: [],
    ledger: [],
    actions: [],
    claims: [],
    referrals: [],
    entries: new Map(),
    views: [],
    completionsByChallenge: new Map(),
    claimsByReward: new Map(),
  }
  const at = (days: number | undefined, fallback: number) => (days === undefined ? fallback : anchor + days * DAY)
  const signupSpec: ChallengeSpec = { identifier: 'sign-up', name: signup.name, caption: '', description: '', type: 'signup', parameters: {}, status: 'active', points: signup.points, image: '', tags: [], popularity: 1 }
  const referralSpec = content.challenges.find((c) => c.type === 'referral')
  const maxReferrals = Number(referralSpec?.parameters.max_completions ?? 1)

  // Referrals are decided up front: an approval is an earning event in the referrer's history.
  const referralsOf = new Map<number, Person[]>()
  if (content.referrals && referralSpec) {
    const showcase = people.slice(0, SHOWCASE.length)
    for (const referee of people.slice(12)) {
      // Pending participants mostly arrived through a friend's link and have not confirmed yet.
      if (!rand.chance(referee.status === 'pending' ? 0.7 : 0.1)) continue
      const earlier = people.filter((p) => p.createdAt < referee.createdAt - DAY && p.status === 'active' && !p.staff)
      const pool = rand.chance(0.35) ? showcase : earlier.filter((p) => p.e > 0.4)
      const referrer = pool.length ? rand.pick(pool) : undefined
      if (!referrer || (referralsOf.get(referrer.n)?.length ?? 0) >= maxReferrals) continue
      const list = referralsOf.get(referrer.n) ?? []
      list.push(referee)
      referralsOf.set(referrer.n, list)
      const rejected = referee.status !== 'pending' && rand.chance(0.07)
      const status = referee.status === 'pending' ? 'pending' : rejected ? 'rejected' : 'approved'
      plan.referrals.push({
        referrer: referrer.n,
        referee: referee.n,
        status,
        points: status === 'approved' ? referralSpec.points : 0,
        at: referee.createdAt,
        comments: rejected ? 'Same household and payment card as the referrer: not a new customer.' : null,
      })
    }
  }
  const approvedFor = (n: number) =>
    plan.referrals.filter((r) => r.referrer === n && r.status === 'approved').map((r) => people[r.referee - 1]!)

  const posts = flattenPosts(content.challenges.find((c) => c.type === 'unified_social')?.posts ?? [])
  const tiersAsc = [...content.tiers].sort((a, b) => a.min - b.min)
  const won = new Set<string>()
  const claimCount = (key: string) => plan.claimsByReward.get(key) ?? 0
  const bump = (map: Map<string, number>, key: string, by = 1) => map.set(key, (map.get(key) ?? 0) + by)

  for (const p of people) {
    if (p.status === 'pending') continue
    const events: Event[] = []
    let seq = 0
    const until = p.activeUntil
    events.push({ at: p.createdAt, seq: seq++, kind: 'complete', c: signupSpec, periodKey: 'once', points: signupSpec.points, score: null, answers: null, details: null })
    if (content.imports && p.imported) events.push({ at: p.createdAt + MIN, seq: seq++, kind: 'import', points: p.imported })
    for (const referee of approvedFor(p.n)) events.push({ at: referee.createdAt + 5 * MIN, seq: seq++, kind: 'referral', referee, points: referralSpec!.points })

    for (const c of content.challenges) {
      if (c.status === 'draft' || c.status === 'scheduled' || c.type === 'referral') continue
      const from = Math.max(p.createdAt + 10 * MIN, at(c.startDays, -Infinity))
      const to = Math.min(until, at(c.finishDays, Infinity), anchor - HOUR)
      if (to <= from) continue
      if (c.parameters.repeat === 'daily') {
        const rate = 0.4 * p.e ** 2
        for (let day = Math.floor(from / DAY) * DAY; day < to; day += DAY) {
          if (!rand.chance(rate)) continue
          const t = Math.min(Math.max(day + 6 * HOUR + rand.int(0, 16 * 60) * MIN, from), to)
          events.push({ at: t, seq: seq++, kind: 'complete', c, periodKey: isoDate(t), points: c.points, score: null, answers: null, details: null })
        }
        continue
      }
      const probability = c.popularity * (0.12 + 0.88 * p.e)
      if (!rand.chance(probability)) {
        // Some looked at the social posts without finishing them.
        if (c.type === 'unified_social' && rand.chance(0.25 * p.e)) {
          const t = rand.between(from, to)
          const k = rand.int(1, posts.length - 1)
          for (let post = 0; post < k; post++) plan.views.push({ n: p.n, post, at: t + post * MIN })
        }
        continue
      }
      const t = Math.round(from + (to - from) * rand.next() ** 2)
      let points = c.points
      let score: number | null = null
      let answers: PlannedAnswer[] | null = null
      let details: Record<string, unknown> | null = null
      if (c.type === 'collect') {
        const kind = c.parameters.collect_type
        if (kind === 'quiz') {
          const quiz = quizAnswers(rand, c.questions ?? [], p.e)
          if (quiz.score < Number(c.parameters.pass_score ?? 0)) continue
          answers = quiz.answers
          score = quiz.score
        } else if (kind === 'profile') answers = profileAnswers(rand, c.questions ?? [], p)
        else answers = surveyAnswers(rand, c.questions ?? [], p, t)
      }
      if (c.type === 'donation') {
        const amounts = c.parameters.amounts as { amount: number; points: number }[]
        const entities = c.parameters.entities as { id: string; name: string }[]
        const amount = rand.pick(amounts)
        const entity = rand.pick(entities)
        points = amount.points
        details = { entity: entity.id, entity_name: entity.name, amount_cents: amount.amount }
      }
      if (c.type === 'membership') details = { price_cents: c.parameters.price_cents }
      if (c.type === 'unified_social') for (let post = 0; post < posts.length; post++) plan.views.push({ n: p.n, post, at: t - (posts.length - post) * MIN })
      events.push({ at: t, seq: seq++, kind: 'complete', c, periodKey: 'once', points, score, answers, details })
    }

    // Spending: a few attempts at plausible moments; an attempt without enough points does nothing.
    const thrift = p.n <= SHOWCASE.length ? 0.35 : 1
    for (const r of content.rewards) {
      const from = Math.max(p.createdAt + 3 * DAY, at(r.startDays, -Infinity))
      const to = Math.min(until, at(r.finishDays, Infinity), anchor - HOUR)
      if (to <= from || !r.appetite) continue
      const want = r.appetite * thrift * (0.2 + p.e)
      if (r.selection === 'redeem') {
        // Big-ticket rewards get claimed late, once points have piled up.
        const attempts = r.repeatable ? Math.floor(want * rand.int(0, 5)) : rand.chance(want) ? 3 : 0
        for (let k = 0; k < attempts; k++) events.push({ at: Math.round(from + (to - from) * rand.next() ** 0.4), seq: seq++, kind: 'redeem', r })
      } else if (r.selection === 'sweepstake' && !p.staff && rand.chance(want)) {
        const buys = rand.int(1, 3)
        for (let k = 0; k < buys; k++) events.push({ at: Math.round(rand.between(from, to)), seq: seq++, kind: 'sweep', r, entries: rand.int(1, 4) })
      }
    }

    events.sort((a, b) => a.at - b.at || a.seq - b.seq)
    let referralCount = 0
    let sweepBuys = 0
    const redeemed = new Map<string, number>()
    const completionsHere = new Set<string>()

    const earned = (t: number, points: number) => {
      const before = p.lifetime
      p.lifetime += points
      p.balance += points
      for (const tier of tiersAsc) {
        if (tier.min > 0 && before < tier.min && p.lifetime >= tier.min) {
          plan.actions.push({ n: p.n, type: 'tier_changed', title: `Reached ${tier.name} tier`, points: 0, ref: null, details: { tier: tier.name }, at: t })
        }
      }
      for (const r of content.rewards) {
        if (r.selection !== 'achievement' && r.selection !== 'milestone' && r.selection !== 'offer') continue
        if (won.has(`${r.key}:${p.n}`) || claimCount(r.key) >= r.limit || t < at(r.startDays, -Infinity)) continue
        const rule = r.parameters ?? {}
        const ok =
          r.selection === 'offer'
            ? p.eligibleOffers
            : rule.rule === 'completed_challenges'
              ? p.completed >= Number(rule.value)
              : rule.rule === 'lifetime_points' && p.lifetime >= Number(rule.value)
        if (!ok) continue
        won.add(`${r.key}:${p.n}`)
        bump(plan.claimsByReward, r.key)
        plan.claims.push({ reward: r.key, n: p.n, claimKey: 'once', pointsSpent: 0, status: 'won', at: t })
        plan.actions.push({ n: p.n, type: 'reward_won', title: r.name, points: 0, ref: { reward: r.key }, details: { selection: r.selection }, at: t })
      }
    }

    for (const ev of events) {
      p.lastActivity = Math.max(p.lastActivity, ev.at)
      if (ev.kind === 'complete') {
        const { c } = ev
        if (completionsHere.has(`${c.identifier}:${ev.periodKey}`)) continue
        completionsHere.add(`${c.identifier}:${ev.periodKey}`)
        plan.completions.push({ challenge: c.identifier, n: p.n, periodKey: ev.periodKey, points: ev.points, score: ev.score, at: ev.at, answers: ev.answers })
        bump(plan.completionsByChallenge, c.identifier)
        const signupRow = c.type === 'signup'
        plan.ledger.push({
          n: p.n,
          delta: ev.points,
          kind: 'earn',
          source: signupRow ? 'signup' : 'challenge',
          ref: { challenge: c.identifier },
          title: c.name,
          key: `seed:c:${c.identifier}:${p.n}:${ev.periodKey}`,
          at: ev.at,
        })
        plan.actions.push({
          n: p.n,
          type: signupRow ? 'signup' : 'challenge_completed',
          title: signupRow ? 'Joined the program' : c.name,
          points: ev.points,
          ref: { challenge: c.identifier },
          details: ev.details ?? (ev.score !== null ? { score: ev.score } : ev.periodKey !== 'once' ? { period_key: ev.periodKey } : null),
          at: ev.at,
        })
        p.completed++
        if (c.type === 'membership') p.eligibleOffers = true
        earned(ev.at, ev.points)
      } else if (ev.kind === 'import') {
        plan.ledger.push({ n: p.n, delta: ev.points, kind: 'earn', source: 'import', ref: null, title: 'Points carried over from the Ember & Oak punch card', key: `seed:import:${p.n}`, at: ev.at })
        plan.actions.push({ n: p.n, type: 'points_imported', title: 'Punch card points carried over', points: ev.points, ref: null, details: null, at: ev.at })
        earned(ev.at, ev.points)
      } else if (ev.kind === 'referral') {
        const c = referralSpec!
        const periodKey = String(++referralCount)
        plan.completions.push({ challenge: c.identifier, n: p.n, periodKey, points: ev.points, score: null, at: ev.at, answers: null })
        bump(plan.completionsByChallenge, c.identifier)
        plan.ledger.push({ n: p.n, delta: ev.points, kind: 'earn', source: 'referral', ref: { referralOf: ev.referee.n }, title: `Referral: ${ev.referee.first} ${ev.referee.last[0]}.`, key: `seed:referral:${ev.referee.n}`, at: ev.at })
        plan.actions.push({ n: p.n, type: 'referral_approved', title: `${ev.referee.first} ${ev.referee.last[0]}. joined with your link`, points: ev.points, ref: { referralOf: ev.referee.n }, details: null, at: ev.at })
        p.completed++
        earned(ev.at, ev.points)
      } else if (ev.kind === 'redeem') {
        const { r } = ev
        const times = redeemed.get(r.key) ?? 0
        if ((!r.repeatable && times > 0) || p.balance < r.threshold || claimCount(r.key) >= r.limit) continue
        redeemed.set(r.key, times + 1)
        const key = `seed:claim:${r.key}:${p.n}:${times + 1}`
        p.balance -= r.threshold
        bump(plan.claimsByReward, r.key)
        plan.claims.push({ reward: r.key, n: p.n, claimKey: r.repeatable ? key : 'once', pointsSpent: r.threshold, status: 'claimed', at: ev.at })
        plan.ledger.push({ n: p.n, delta: -r.threshold, kind: 'spend', source: 'reward', ref: { reward: r.key }, title: r.name, key, at: ev.at })
        plan.actions.push({ n: p.n, type: 'reward_claimed', title: r.name, points: -r.threshold, ref: { reward: r.key }, details: { selection: r.selection }, at: ev.at })
      } else {
        const { r } = ev
        const cost = r.threshold * ev.entries
        if (p.balance < cost) continue
        p.balance -= cost
        bump(plan.entries, `${r.key}:${p.n}`, ev.entries)
        const key = `seed:sweep:${r.key}:${p.n}:${++sweepBuys}`
        plan.ledger.push({ n: p.n, delta: -cost, kind: 'spend', source: 'reward', ref: { reward: r.key }, title: `${ev.entries} ${ev.entries === 1 ? 'entry' : 'entries'}: ${r.name}`, key, at: ev.at })
        plan.actions.push({ n: p.n, type: 'sweepstake_entry', title: r.name, points: -cost, ref: { reward: r.key }, details: { entries: ev.entries }, at: ev.at })
      }
    }
    const activeDays = Math.max(1, Math.round((p.lastActivity - p.createdAt) / DAY))
    p.signInCount = 1 + Math.round(Math.min(activeDays, 120) * p.e * rand.between(0.3, 0.9))
    if (!p.attrs.has('postal') && rand.chance(0.35)) p.attrs.set('postal', p.place.postal)
  }
  return plan
}

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

/**
 * insertChunked sizes statements by the keys of a row, but drizzle binds a parameter for every
 * column left to a literal default too (status 'active', points 0...). Spelling those defaults out
 * keeps each statement within D1's 100 bound parameters.
 */
function withDefaults<T extends SQLiteTable>(table: T, rows: T['$inferInsert'][]): T['$inferInsert'][] {
  const literal = Object.entries(getTableColumns(table)).filter(([, col]) => col.default !== undefined && col.default !== null && !is(col.default, SQL))
  return rows.map((row) => {
    const out: Record<string, unknown> = { ...(row as object) }
    for (const [key, col] of literal) if (out[key] === undefined) out[key] = col.default
    return out as T['$inferInsert']
  })
}

const insertAll = <T extends SQLiteTable>(db: Db, table: T, rows: T['$inferInsert'][]) => insertChunked(db, table, withDefaults(table, rows))

const byTime = <T extends { at: number }>(rows: T[]) => rows.map((row, i) => ({ row, i })).sort((a, b) => a.row.at - b.row.at || a.i - b.i).map((x) => x.row)

async function writeProgram(
  db: Db,
  program: ProgramRow,
  content: ProgramContent,
  people: Person[],
  plan: Plan,
  ctx: { anchor: number; signupId: number; emailSettingIds: number[] },
) {
  const programId = program.id
  const { anchor } = ctx
  const when = (days: number | undefined) => (days === undefined ? null : new Date(anchor + days * DAY))

  // Program setup: tiers, profile attributes, challenges, rewards.
  await insertAll(db, tiers, content.tiers.map((t) => ({ programId, name: t.name, pointsThresholdMin: t.min, pointsThresholdMax: t.max })))
  await insertAll(
    db,
    profileAttributeDefinitions,
    content.profileAttributes.map((a) => ({ programId, displayName: a.display, attributeName: a.name, attributeFieldType: a.type, active: true })),
  )
  const linkish = new Set<ChallengeType>(['link', 'call_action', 'engage', 'share'])
  await insertAll(
    db,
    challenges,
    content.challenges.map((c, i) => {
      const completions = plan.completionsByChallenge.get(c.identifier) ?? 0
      return {
        programId,
        identifier: c.identifier,
        name: c.name,
        caption: c.caption,
        description: c.description,
        content: c.content ?? '',
        challengeType: c.type,
        parameters: c.parameters,
        status: c.status,
        points: c.points,
        ctaButtonText: c.cta ?? null,
        linkUrl: c.linkUrl ?? null,
        featured: c.featured ?? true,
        start: when(c.startDays),
        finish: when(c.finishDays),
        image: c.image,
        successMessage: c.successMessage ?? null,
        tagList: c.tags,
        position: i + 1,
        completions,
        clicks: linkish.has(c.type) ? Math.round(completions * 1.3) + (c.status === 'active' ? 7 : 0) : 0,
      }
    }),
  )
  await insertAll(
    db,
    rewards,
    content.rewards.map((r, i) => ({
      programId,
      name: r.name,
      selection: r.selection,
      status: 'active' as const,
      featured: r.featured ?? true,
      repeatable: r.repeatable ?? false,
      description: r.description,
      descriptionDetails: r.details,
      termsConditions: r.terms,
      redemptionDetails: r.redemption,
      redemptionImage: r.redemptionImage ?? null,
      image: r.image,
      activeImage: r.activeImage ?? null,
      threshold: r.threshold,
      limit: r.limit,
      claims: plan.claimsByReward.get(r.key) ?? 0,
      parameters: r.parameters ?? {},
      couponsRequired: Boolean(r.coupons),
      start: when(r.startDays),
      finish: when(r.finishDays),
      tagList: r.tags,
      position: i,
    })),
  )
  const [challengeRows, rewardRows, tierRows] = await Promise.all([
    db.select({ id: challenges.id, identifier: challenges.identifier }).from(challenges).where(eq(challenges.programId, programId)),
    db.select({ id: rewards.id, name: rewards.name }).from(rewards).where(eq(rewards.programId, programId)),
    db.select({ id: tiers.id, min: tiers.pointsThresholdMin, max: tiers.pointsThresholdMax }).from(tiers).where(eq(tiers.programId, programId)),
  ])
  const challengeId = new Map(challengeRows.map((c) => [c.identifier, c.id]))
  const rewardByName = new Map(rewardRows.map((r) => [r.name, r.id]))
  const rewardId = new Map(content.rewards.map((r) => [r.key, rewardByName.get(r.name)!]))

  // Questions and options; social posts (children need their parent's id).
  const withQuestions = content.challenges.filter((c) => c.questions?.length)
  await insertAll(
    db,
    questions,
    withQuestions.flatMap((c) =>
      c.questions!.map((q, position) => ({
        programId,
        challengeId: challengeId.get(c.identifier)!,
        title: q.title,
        additionalDetails: q.details ?? null,
        answerType: q.type,
        isRequired: q.required ?? false,
        profileAttribute: q.profile ?? null,
        position,
      })),
    ),
  )
  const questionRows = withQuestions.length
    ? await db.select({ id: questions.id, challengeId: questions.challengeId, position: questions.position }).from(questions).where(eq(questions.programId, programId))
    : []
  const questionId = new Map(questionRows.map((q) => [`${q.challengeId}:${q.position}`, q.id]))
  await insertAll(
    db,
    questionOptions,
    withQuestions.flatMap((c) =>
      c.questions!.flatMap((q, qi) =>
        (q.options ?? []).map((o, position) => ({
          programId,
          questionId: questionId.get(`${challengeId.get(c.identifier)}:${qi}`)!,
          details: o.details,
          imageUrl: o.image ?? null,
          imageAltText: o.alt ?? null,
          correct: o.correct ?? false,
          position,
        })),
      ),
    ),
  )
  const optionRows = withQuestions.length
    ? await db
        .select({ id: questionOptions.id, questionId: questionOptions.questionId, position: questionOptions.position })
        .from(questionOptions)
        .where(eq(questionOptions.programId, programId))
    : []
  const optionId = new Map(optionRows.map((o) => [`${o.questionId}:${o.position}`, o.id]))

  const social = content.challenges.find((c) => c.type === 'unified_social')
  const flatPosts = flattenPosts(social?.posts ?? [])
  const postIds: number[] = []
  if (social) {
    const socialId = challengeId.get(social.identifier)!
    const postRow = (post: PostSpec, parentId: number | null) => ({
      programId,
      challengeId: socialId,
      parentId,
      postType: post.type,
      mediaPath: post.media,
      message: post.message,
      username: 'emberandoak',
      url: 'https://www.instagram.com/',
      durationSeconds: post.durationSeconds ?? null,
      platform: 'instagram' as const,
      pageUrl: 'https://www.instagram.com/',
      publishedAt: new Date(anchor - post.daysAgo * DAY + 15 * HOUR),
    })
    await insertAll(db, socialNetworkPosts, social.posts!.map((post) => postRow(post, null)))
    const parents = await db
      .select({ id: socialNetworkPosts.id, message: socialNetworkPosts.message })
      .from(socialNetworkPosts)
      .where(and(eq(socialNetworkPosts.challengeId, socialId), isNull(socialNetworkPosts.parentId)))
    const parentId = new Map(parents.map((p) => [p.message, p.id]))
    await insertAll(
      db,
      socialNetworkPosts,
      social.posts!.flatMap((post) => (post.children ?? []).map((child) => postRow(child, parentId.get(post.message)!))),
    )
    const all = await db.select({ id: socialNetworkPosts.id, message: socialNetworkPosts.message }).from(socialNetworkPosts).where(eq(socialNetworkPosts.challengeId, socialId))
    const idByMessage = new Map(all.map((p) => [p.message, p.id]))
    for (const { post } of flatPosts) postIds.push(idByMessage.get(post.message)!)
  }

  // Participants, then everything that points at them.
  const tierFor = (points: number) => tierRows.find((t) => points >= t.min && points <= t.max)?.id ?? null
  await insertAll(
    db,
    participants,
    people.map((p) => ({
      programId,
      email: p.email,
      firstName: p.first,
      lastName: p.last,
      status: p.status,
      staff: p.staff,
      completedChallenges: p.completed,
      emailSettingId: ctx.emailSettingIds[p.emailSetting] ?? null,
      eligibleOffersRewards: p.eligibleOffers,
      referralCode: p.referralCode,
      tierId: tierFor(p.lifetime),
      emailVerifiedAt: p.status === 'pending' ? null : new Date(p.createdAt),
      signInCount: p.signInCount,
      lastSignInAt: p.status === 'pending' ? null : new Date(p.lastActivity),
      city: p.place.city,
      country: 'US',
      createdAt: new Date(p.createdAt),
    })),
  )
  const participantRows = await db.select({ id: participants.id, email: participants.email }).from(participants).where(eq(participants.programId, programId))
  const idByEmail = new Map(participantRows.map((r) => [r.email, r.id]))
  const pid = (n: number) => idByEmail.get(people[n - 1]!.email)!

  let referralId = new Map<number, number>()
  if (plan.referrals.length) {
    await insertAll(
      db,
      referrals,
      plan.referrals.map((r) => ({
        programId,
        referrerId: pid(r.referrer),
        referredParticipantId: pid(r.referee),
        status: r.status,
        points: r.points,
        adminComments: r.comments,
        createdAt: new Date(r.at),
        updatedAt: new Date(r.at + (r.status === 'pending' ? 0 : 5 * MIN)),
      })),
    )
    const rows = await db.select({ id: referrals.id, referred: referrals.referredParticipantId }).from(referrals).where(eq(referrals.programId, programId))
    referralId = new Map(rows.map((r) => [r.referred, r.id]))
    const updates = plan.referrals.map((r) => db.update(participants).set({ referredById: pid(r.referrer) }).where(eq(participants.id, pid(r.referee))))
    for (let i = 0; i < updates.length; i += 50) await batch(db, updates.slice(i, i + 50))
  }

  const refIds = (ref: Ref): { type: string | null; id: number | null } => {
    if (!ref) return { type: null, id: null }
    if ('challenge' in ref) return { type: 'Challenge', id: ref.challenge === 'sign-up' ? ctx.signupId : challengeId.get(ref.challenge)! }
    if ('reward' in ref) return { type: 'Reward', id: rewardId.get(ref.reward)! }
    return { type: 'Referral', id: referralId.get(pid(ref.referralOf)) ?? null }
  }

  await insertAll(
    db,
    challengeCompletions,
    byTime(plan.completions).map((c) => ({
      programId,
      challengeId: c.challenge === 'sign-up' ? ctx.signupId : challengeId.get(c.challenge)!,
      participantId: pid(c.n),
      periodKey: c.periodKey,
      points: c.points,
      score: c.score,
      createdAt: new Date(c.at),
    })),
  )
  // Ledger rows in time order: each participant's balance is never negative along the way.
  await insertAll(
    db,
    pointsLedger,
    byTime(plan.ledger).map((l) => ({
      programId,
      participantId: pid(l.n),
      delta: l.delta,
      kind: l.kind,
      source: l.source,
      sourceId: refIds(l.ref).id,
      title: l.title,
      idempotencyKey: l.key,
      createdAt: new Date(l.at),
    })),
  )
  await insertAll(
    db,
    participantActions,
    byTime(plan.actions).map((a) => {
      const ref = refIds(a.ref)
      return {
        programId,
        participantId: pid(a.n),
        actionType: a.type,
        title: a.title,
        points: a.points,
        actionableType: ref.type,
        actionableId: ref.id,
        details: a.details,
        createdAt: new Date(a.at),
      }
    }),
  )
  await db
    .update(challenges)
    .set({ completions: plan.completionsByChallenge.get('sign-up') ?? 0 })
    .where(eq(challenges.id, ctx.signupId))

  // Answers need their completion's id.
  const answered = plan.completions.filter((c) => c.answers?.length)
  if (answered.length) {
    const ids = [...new Set(answered.map((c) => challengeId.get(c.challenge)!))]
    const rows = await db
      .select({ id: challengeCompletions.id, challengeId: challengeCompletions.challengeId, participantId: challengeCompletions.participantId })
      .from(challengeCompletions)
      .where(and(eq(challengeCompletions.programId, programId), inArray(challengeCompletions.challengeId, ids)))
    const completionId = new Map(rows.map((r) => [`${r.challengeId}:${r.participantId}`, r.id]))
    const answerRows: (typeof participantAnswers.$inferInsert)[] = []
    for (const c of byTime(answered)) {
      const cid = challengeId.get(c.challenge)!
      for (const a of c.answers!) {
        const qid = questionId.get(`${cid}:${a.question}`)!
        answerRows.push({
          programId,
          challengeId: cid,
          completionId: completionId.get(`${cid}:${pid(c.n)}`)!,
          participantId: pid(c.n),
          questionId: qid,
          questionOptionId: a.option === undefined ? null : optionId.get(`${qid}:${a.option}`)!,
          answer: a.answer,
          createdAt: new Date(c.at),
        })
      }
    }
    await insertAll(db, participantAnswers, answerRows)
  }

  await insertAll(
    db,
    participantProfileAttributes,
    people.flatMap((p) => [...p.attrs].map(([name, value]) => ({ programId, participantId: pid(p.n), name, value, updatedAt: new Date(p.lastActivity) }))),
  )
  await insertAll(
    db,
    socialPostViews,
    byTime(plan.views).map((v) => ({ programId, postId: postIds[v.post]!, participantId: pid(v.n), createdAt: new Date(v.at) })),
  )
  await insertAll(
    db,
    sweepstakeEntries,
    [...plan.entries].map(([key, count]) => {
      const [reward, n] = key.split(':') as [string, string]
      return { programId, rewardId: rewardId.get(reward)!, participantId: pid(Number(n)), count, winner: false }
    }),
  )
  await insertAll(
    db,
    rewardClaims,
    byTime(plan.claims).map((c) => ({
      programId,
      rewardId: rewardId.get(c.reward)!,
      participantId: pid(c.n),
      claimKey: c.claimKey,
      pointsSpent: c.pointsSpent,
      status: c.status,
      createdAt: new Date(c.at),
    })),
  )

  // Coupon pools: the earliest claims took the first codes.
  const codeRand = makePrng(0xc0ffee)
  for (const r of content.rewards) {
    if (!r.coupons) continue
    const rid = rewardId.get(r.key)!
    const claimRows = await db
      .select({ id: rewardClaims.id, participantId: rewardClaims.participantId, createdAt: rewardClaims.createdAt })
      .from(rewardClaims)
      .where(and(eq(rewardClaims.programId, programId), eq(rewardClaims.rewardId, rid)))
      .orderBy(rewardClaims.createdAt, rewardClaims.id)
    const codes = new Set<string>()
    while (codes.size < r.coupons.count) {
      let suffix = ''
      for (let i = 0; i < 6; i++) suffix += REFERRAL_ALPHABET[codeRand.int(0, REFERRAL_ALPHABET.length - 1)]
      codes.add(`${r.coupons.prefix}-${suffix}`)
    }
    await insertAll(
      db,
      coupons,
      [...codes].map((code, i) => {
        const claim = claimRows[i]
        return { programId, rewardId: rid, code, participantId: claim?.participantId ?? null, claimId: claim?.id ?? null, assignedAt: claim?.createdAt ?? null }
      }),
    )
  }
}

/**
 * Challenges of every type, rewards of every selection and participants with history. Kept apart
 * from seed.ts so the base (programs, admins, pages) stays small.
 */
export async function seedDemoContent(
  db: Db,
  opts: { demo: ProgramRow; links: ProgramRow; participants: number; log: (line: string) => void; now?: Date },
): Promise<void> {
  const started = Date.now()
  const now = (opts.now ?? new Date()).getTime()
  const anchor = now - (now % DAY)
  const { demo, links } = opts

  const [signupRows, settingRows] = await Promise.all([
    db
      .select({ id: challenges.id, programId: challenges.programId, name: challenges.name, points: challenges.points })
      .from(challenges)
      .where(and(inArray(challenges.programId, [demo.id, links.id]), eq(challenges.challengeType, 'signup'))),
    db
      .select({ id: emailSettings.id, programId: emailSettings.programId })
      .from(emailSettings)
      .where(inArray(emailSettings.programId, [demo.id, links.id]))
      .orderBy(emailSettings.position, emailSettings.id),
  ])
  const contextFor = (program: ProgramRow) => {
    const signup = signupRows.find((s) => s.programId === program.id)
    if (!signup) throw new Error(`[seed] ${program.publicKey}: the signup challenge is missing`)
    return { signup, emailSettingIds: settingRows.filter((s) => s.programId === program.id).map((s) => s.id) }
  }

  const rand = makePrng(20261123)
  const demoPeople = makePeople(rand, Math.max(0, opts.participants), anchor)
  // The links program shares its first members' names and e-mails (the same people, their own history).
  const linksPeople = makePeople(makePrng(7), Math.min(4, demoPeople.length), anchor).map((p, i) => {
    const twin = demoPeople[i]!
    const createdAt = dayTime(rand, anchor, 100 - i * 20)
    return { ...p, first: twin.first, last: twin.last, email: twin.email, createdAt, lastActivity: createdAt, status: 'active' as const, staff: false, imported: 0, e: 0.9 - i * 0.2, activeUntil: anchor - HOUR, attrs: new Map<string, string>() }
  })

  for (const [program, content, people] of [
    [demo, DEMO_CONTENT, demoPeople],
    [links, LINKS_CONTENT, linksPeople],
  ] as const) {
    const ctx = contextFor(program)
    const plan = simulate(rand, content, people, anchor, ctx.signup)
    await writeProgram(db, program, content, people, plan, { anchor, signupId: ctx.signup.id, emailSettingIds: ctx.emailSettingIds })
    opts.log(
      `[seed] ${program.publicKey}: ${content.challenges.length + 1} challenges, ${content.rewards.length} rewards, ${people.length} participants, ` +
        `${plan.completions.length} completions, ${plan.ledger.length} ledger rows, ${plan.claims.length} reward claims`,
    )
  }
  opts.log(`[seed] demo content written in ${Date.now() - started} ms`)
}
