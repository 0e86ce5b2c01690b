import type { Challenge, Question, SocialPost } from '../../../../sdk/contract/challenges'

/** A challenge entity with sensible defaults for unit tests. */
export function challenge(overrides: Partial<Challenge> = {}): Challenge {
  return {
    id: 1,
    identifier: 'test',
    name: 'Test',
    caption: 'Caption',
    description: '',
    content: '',
    challenge_type: 'link',
    parameters: {},
    status: 'active',
    points: 10,
    reward_type: 'points',
    cta_button_text: null,
    link_url: null,
    bypass_modal: false,
    api_completion_only: false,
    start: null,
    finish: null,
    image: null,
    icon: null,
    success_message: null,
    duration: null,
    tag_list: [],
    completed_by_current_participant_on: null,
    is_repeatable_and_completed: false,
    current_participant_name: null,
    questions: [],
    participant_answers: [],
    referral_url: null,
    social_network_posts: [],
    donation_challenge: null,
    membership_challenge: null,
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  }
}

export function question(overrides: Partial<Question> = {}): Question {
  return {
    id: 1,
    title: 'Question',
    additional_details: null,
    answer_type: 'text',
    is_required: true,
    options: [],
    ...overrides,
  }
}

export const option = (id: number, details = `Option ${id}`) => ({
  id,
  details,
  image: { public_url: null, alt_text: null },
})

export function post(overrides: Partial<SocialPost> = {}): SocialPost {
  return {
    id: 1,
    post_type: 'image',
    media_path: '/a.svg',
    message: null,
    username: null,
    url: null,
    duration: null,
    published_at: null,
    viewed: false,
    social_network_page: { url: null, platform: null },
    social_network_child_posts: [],
    ...overrides,
  }
}
