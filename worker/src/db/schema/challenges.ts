import { sql } from 'drizzle-orm'
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { bool, createdAt, id, json, timestamp, updatedAt } from './columns'
import { participants } from './participants'
import { programs } from './programs'

import { type AnswerType, answerTypes, type ChallengeType, challengeTypes } from '../../../../sdk/contract/challenges'

export { type AnswerType, answerTypes, type ChallengeType, challengeTypes }

/**
 * Type-specific settings. collect: { collect_type: survey|quiz|profile, pass_score? }; video:
 * { video_url, duration (percent to watch) }; link/call_action: { link_url }; repeatable ones:
 * { repeat: daily|weekly|monthly } or { max_completions }; donation: { entity_label, entities, amounts };
 * membership: { price_cents }.
 */
export type ChallengeParameters = Record<string, unknown>

export const challenges = sqliteTable(
  'challenges',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    identifier: text('identifier').notNull(),
    name: text('name').notNull(),
    caption: text('caption').notNull().default(''),
    description: text('description').notNull().default(''),
    content: text('content').notNull().default(''),
    challengeType: text('challenge_type', { enum: challengeTypes }).notNull(),
    parameters: json<ChallengeParameters>('parameters').notNull(),
    status: text('status', { enum: ['draft', 'active', 'ended', 'scheduled'] })
      .notNull()
      .default('draft'),
    approved: bool('approved').notNull().default(true),
    points: integer('points').notNull().default(0),
    rewardType: text('reward_type', { enum: ['points', 'prize'] })
      .notNull()
      .default('points'),
    ctaButtonText: text('cta_button_text'),
    linkUrl: text('link_url'),
    bypassModal: bool('bypass_modal').notNull().default(false),
    apiCompletionOnly: bool('api_completion_only').notNull().default(false),
    featured: bool('featured').notNull().default(true),
    start: timestamp('start'),
    finish: timestamp('finish'),
    image: text('image'),
    icon: text('icon'),
    successMessage: text('success_message'),
    tagList: json<string[]>('tag_list').notNull(),
    position: integer('position').notNull().default(0),
    completions: integer('completions').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('challenges_program_identifier_uq').on(t.programId, t.identifier),
    index('challenges_program_status_idx').on(t.programId, t.status, t.position),
    check('challenges_points_nonnegative', sql`${t.points} >= 0`),
  ],
)

export const questions = sqliteTable(
  'questions',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    additionalDetails: text('additional_details'),
    answerType: text('answer_type', { enum: answerTypes }).notNull(),
    isRequired: bool('is_required').notNull().default(false),
    /** For profile collect: the profile attribute the answer is written to. */
    profileAttribute: text('profile_attribute'),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('questions_program_challenge_idx').on(t.programId, t.challengeId, t.position)],
)

export const questionOptions = sqliteTable(
  'question_options',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    details: text('details').notNull(),
    imageUrl: text('image_url'),
    imageAltText: text('image_alt_text'),
    /** Quiz grading. */
    correct: bool('correct').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('question_options_program_question_idx').on(t.programId, t.questionId, t.position)],
)

export const challengeCompletions = sqliteTable(
  'challenge_completions',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    participantId: integer('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    /** 'once' for non-repeatable challenges, else the period (e.g. 2026-11-23, 2026-W48, 2026-11) or count. */
    periodKey: text('period_key').notNull(),
    points: integer('points').notNull().default(0),
    score: integer('score'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('challenge_completions_period_uq').on(t.programId, t.challengeId, t.participantId, t.periodKey),
    index('challenge_completions_program_participant_idx').on(t.programId, t.participantId, t.createdAt),
  ],
)

export const participantAnswers = sqliteTable(
  'participant_answers',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    completionId: integer('completion_id').references(() => challengeCompletions.id, { onDelete: 'cascade' }),
    participantId: integer('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    questionOptionId: integer('question_option_id').references(() => questionOptions.id, {
      onDelete: 'set null',
    }),
    answer: text('answer').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('participant_answers_program_participant_idx').on(t.programId, t.participantId, t.challengeId)],
)

export const socialNetworkPosts = sqliteTable(
  'social_network_posts',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    challengeId: integer('challenge_id').references(() => challenges.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id'),
    postType: text('post_type', { enum: ['gallery', 'image', 'video'] }).notNull(),
    mediaPath: text('media_path').notNull(),
    message: text('message'),
    username: text('username'),
    url: text('url'),
    durationSeconds: integer('duration_seconds'),
    platform: text('platform', { enum: ['instagram', 'facebook'] }),
    pageUrl: text('page_url'),
    publishedAt: timestamp('published_at'),
    /** A dynamic feed post's id in its import file (features/feed-posts): a re-import updates, never duplicates. */
    externalId: text('external_id'),
  },
  (t) => [
    index('social_network_posts_program_challenge_idx').on(t.programId, t.challengeId),
    uniqueIndex('social_network_posts_program_external_uq').on(t.programId, t.externalId),
  ],
)

export const socialPostViews = sqliteTable(
  'social_post_views',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    postId: integer('post_id')
      .notNull()
      .references(() => socialNetworkPosts.id, { onDelete: 'cascade' }),
    participantId: integer('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('social_post_views_uq').on(t.programId, t.postId, t.participantId)],
)
