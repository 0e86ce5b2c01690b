import { describe, expect, it } from 'vitest'
import { challengeTypes } from '../../../../sdk/contract/challenges'
import {
  allPostsViewed,
  inactiveNotice,
  collectType,
  isChallengeCompleted,
  isRepeatable,
  isTileShown,
  nextUnviewedIndex,
  reachedVideoTarget,
  requiredVideoPercent,
  socialCountdownSeconds,
  startPostIndex,
  TILE_LABELS,
  tileLabel,
  typeName,
  watchedPercent,
} from './challenge-rules'
import { challenge, post } from './test-fixtures'

describe('tile labels', () => {
  it('labels every challenge type as the spec words it', () => {
    const labels = Object.fromEntries(
      challengeTypes.map((type) => [type, tileLabel({ challenge_type: type, cta_button_text: null })]),
    )
    expect(labels).toEqual({
      signup: 'Sign up',
      video: 'Watch Now',
      article: 'Read Now',
      referral: 'Recruit Friends',
      membership: 'Become a Member',
      share: 'Share',
      collect: 'Take',
      link: 'Visit Now',
      call_action: 'Visit Now',
      engage: 'Visit Social Media',
      unified_social: 'Check out posts',
      donation: 'Donate',
    })
    expect(Object.keys(TILE_LABELS).sort()).toEqual([...challengeTypes].sort())
  })
  it('lets cta_button_text override the label, ignoring blank text', () => {
    expect(tileLabel({ challenge_type: 'link', cta_button_text: "Get today's tip" })).toBe("Get today's tip")
    expect(tileLabel({ challenge_type: 'link', cta_button_text: '   ' })).toBe('Visit Now')
  })
  it('never shows engage challenges as tiles', () => {
    expect(isTileShown({ challenge_type: 'engage' })).toBe(false)
    expect(challengeTypes.filter((type) => isTileShown({ challenge_type: type }))).toHaveLength(
      challengeTypes.length - 1,
    )
  })
  it('names the collect kinds', () => {
    expect(typeName(challenge({ challenge_type: 'collect', parameters: { collect_type: 'quiz' } }))).toBe(
      'Quiz',
    )
    expect(typeName(challenge({ challenge_type: 'collect', parameters: {} }))).toBe('Survey')
    expect(typeName(challenge({ challenge_type: 'video' }))).toBe('Video')
    expect(collectType(challenge({ parameters: { collect_type: 'profile' } }))).toBe('profile')
  })
})

describe('completed state (section 4)', () => {
  const done = '2026-11-20T10:00:00.000Z'
  it('is the completion date for one-off challenges', () => {
    expect(isChallengeCompleted(challenge())).toBe(false)
    expect(isChallengeCompleted(challenge({ completed_by_current_participant_on: done }))).toBe(true)
  })
  it('uses is_repeatable_and_completed for repeatable challenges', () => {
    const daily = { parameters: { repeat: 'daily' }, completed_by_current_participant_on: done }
    expect(isChallengeCompleted(challenge({ ...daily, is_repeatable_and_completed: false }))).toBe(false)
    expect(isChallengeCompleted(challenge({ ...daily, is_repeatable_and_completed: true }))).toBe(true)
    const referral = challenge({
      challenge_type: 'referral',
      parameters: { max_completions: 10 },
      completed_by_current_participant_on: done,
    })
    expect(isChallengeCompleted(referral)).toBe(false)
  })
  it('needs a stored answer for surveys and profiles, only the date for a quiz', () => {
    const answer = { question_id: 1, question_option_id: null, answer: 'x' }
    for (const kind of ['survey', 'profile']) {
      const base = {
        challenge_type: 'collect' as const,
        parameters: { collect_type: kind },
        completed_by_current_participant_on: done,
      }
      expect(isChallengeCompleted(challenge(base))).toBe(false)
      expect(isChallengeCompleted(challenge({ ...base, participant_answers: [answer] }))).toBe(true)
    }
    expect(
      isChallengeCompleted(
        challenge({
          challenge_type: 'collect',
          parameters: { collect_type: 'quiz' },
          completed_by_current_participant_on: done,
        }),
      ),
    ).toBe(true)
  })
  it('knows repeatable rules like the engine', () => {
    expect(isRepeatable(challenge({ parameters: { repeat: 'weekly' } }))).toBe(true)
    expect(isRepeatable(challenge({ parameters: { repeat: 'yearly' } }))).toBe(false)
    expect(isRepeatable(challenge({ parameters: { max_completions: 1 } }))).toBe(false)
    expect(isRepeatable(challenge({ parameters: { max_completions: '3' } }))).toBe(true)
  })
})

describe('unified social countdown', () => {
  it('is 10 s for a gallery and 5 s for an image', () => {
    expect(socialCountdownSeconds({ post_type: 'gallery', duration: null })).toBe(10)
    expect(socialCountdownSeconds({ post_type: 'image', duration: 120 })).toBe(5)
  })
  it('is half a video rounded down, at most 30, and 30 past 60 seconds', () => {
    expect(socialCountdownSeconds({ post_type: 'video', duration: 45 })).toBe(22)
    expect(socialCountdownSeconds({ post_type: 'video', duration: 9 })).toBe(4)
    expect(socialCountdownSeconds({ post_type: 'video', duration: 60 })).toBe(30)
    expect(socialCountdownSeconds({ post_type: 'video', duration: 61 })).toBe(30)
    expect(socialCountdownSeconds({ post_type: 'video', duration: 600 })).toBe(30)
    expect(socialCountdownSeconds({ post_type: 'video', duration: null })).toBe(0)
  })
  it('starts at ?post_id=, else the first post not viewed', () => {
    const posts = [post({ id: 1, viewed: true }), post({ id: 2 }), post({ id: 3 })]
    expect(startPostIndex(posts, null)).toBe(1)
    expect(startPostIndex(posts, 3)).toBe(2)
    expect(startPostIndex(posts, 99)).toBe(1)
    expect(startPostIndex([post({ viewed: true })], null)).toBe(0)
  })
  it('moves to the next unviewed post, wrapping, and knows when all are viewed', () => {
    const posts = [post({ id: 1 }), post({ id: 2, viewed: true }), post({ id: 3 })]
    expect(nextUnviewedIndex(posts, 0)).toBe(2)
    expect(nextUnviewedIndex(posts, 2)).toBe(0)
    expect(nextUnviewedIndex([post({ id: 1 }), post({ id: 2, viewed: true })], 0)).toBeNull()
    expect(allPostsViewed(posts)).toBe(false)
    expect(allPostsViewed(posts.map((p) => ({ ...p, viewed: true })))).toBe(true)
    expect(allPostsViewed([])).toBe(false)
  })
})

describe('video progress', () => {
  it('counts played time once, ignoring skipped parts', () => {
    expect(
      watchedPercent(
        [
          [0, 30],
          [50, 60],
        ],
        100,
      ),
    ).toBe(40)
    expect(
      watchedPercent(
        [
          [0, 30],
          [20, 50],
        ],
        100,
      ),
    ).toBe(50)
    expect(
      watchedPercent(
        [
          [10, 20],
          [0, 5],
        ],
        100,
      ),
    ).toBe(15)
    expect(watchedPercent([[0, 10]], Number.NaN)).toBe(0)
    expect(watchedPercent([[0, 200]], 100)).toBe(100)
  })
  it('asks for the challenge duration percentage (100 when unset)', () => {
    expect(requiredVideoPercent({ duration: 80 })).toBe(80)
    expect(requiredVideoPercent({ duration: null })).toBe(100)
    expect(requiredVideoPercent({ duration: 0 })).toBe(100)
    expect(reachedVideoTarget(79.6, 80)).toBe(true)
    expect(reachedVideoTarget(79, 80)).toBe(false)
  })
})

describe('inactiveNotice', () => {
  it('tells when a scheduled challenge starts', () => {
    const notice = inactiveNotice({ status: 'scheduled', start: '2026-12-01T15:00:00.000Z', finish: null })
    expect(notice.title).toBe('This challenge has not started yet')
    expect(notice.message).toMatch(/^It starts Dec 1, 2026, \d{1,2}:00 [AP]M\.$/)
  })
  it('says an ended challenge has ended', () => {
    expect(inactiveNotice({ status: 'ended', start: null, finish: '2026-01-05T10:30:00.000Z' }).title).toBe(
      'This challenge has ended',
    )
  })
})
