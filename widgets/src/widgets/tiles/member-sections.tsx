import { useState } from 'preact/hooks'
import type { Challenge, ChallengeTile } from '../../../../sdk/contract/challenges'
import { buttonClass } from '../../ui/button'
import { formatNumber } from '../../ui/format'
import { CheckCircleIcon, ChevronDownIcon, HeartIcon, PlayIcon } from '../../ui/icons'
import { Img } from '../../ui/img'
import { formatDate } from '../../ui/date'
import { useTerms } from '../shared/context'
import { tileLabel } from '../challenge/challenge-labels'
import { challengeHref } from './challenge-tile'
import { HomeSection } from './sections'
import './member-sections.css'

// The sections only a signed-in participant's home shows: their code and styles load with it (the
// site's participant-home chunk), not with a visitor's first page.

/** The social feed (feature social_network_posts): the unified social challenge's posts. */
export function SocialFeedSection({ challenge }: { challenge: Challenge }) {
  const terms = useTerms()
  const posts = challenge.social_network_posts
  const viewed = posts.filter((p) => p.viewed).length
  if (!posts.length) return null
  const href = challengeHref(challenge)
  return (
    <HomeSection
      id="feed-title"
      title={challenge.caption || challenge.name}
      subtitle={`${viewed} of ${posts.length} posts viewed${challenge.points > 0 ? `: see them all to earn ${formatNumber(challenge.points)} ${terms.points}` : ''}`}
    >
      <ul class="feed">
        {posts.slice(0, 4).map((post) => (
          <li key={post.id} class="feed__item">
            <a class="feed__card" href={`${href}?post_id=${post.id}`}>
              <span class="feed__media">
                {post.post_type === 'video' ? (
                  <span class="feed__video">
                    <PlayIcon size={28} />
                  </span>
                ) : (
                  <Img
                    src={post.media_path}
                    alt=""
                    class="feed__image"
                    fallback={<span class="feed__image feed__image--empty" />}
                  />
                )}
                {post.viewed && (
                  <span class="feed__viewed">
                    <CheckCircleIcon size={14} />
                    Viewed
                  </span>
                )}
                {post.social_network_child_posts.length > 0 && (
                  <span class="feed__count">{post.social_network_child_posts.length} photos</span>
                )}
              </span>
              <span class="feed__message">{post.message || 'View post'}</span>
            </a>
          </li>
        ))}
      </ul>
      <div class="home-section__actions">
        <a href={href} class={buttonClass('primary', 'md')}>
          {tileLabel(challenge)}
        </a>
      </div>
    </HomeSection>
  )
}

/** The donation section (feature donation_challenge): a banner leading to the donation modal. */
export function DonationSection({ challenge }: { challenge: Challenge }) {
  const terms = useTerms()
  const best = Math.max(0, ...(challenge.donation_challenge?.amount_options.map((o) => o.points) ?? []))
  return (
    <section class="container home-section" aria-labelledby="donation-title">
      <div class="donation-banner">
        <div class="donation-banner__media">
          <Img
            src={challenge.image}
            alt=""
            class="donation-banner__image"
            fallback={<span class="donation-banner__image donation-banner__image--empty" />}
          />
        </div>
        <div class="donation-banner__body">
          <p class="donation-banner__eyebrow">
            <HeartIcon size={16} />
            Give back
          </p>
          <h2 id="donation-title" class="donation-banner__title">
            {challenge.name}
          </h2>
          <p class="donation-banner__text">{challenge.description || challenge.caption}</p>
          <div class="donation-banner__actions">
            <a href={challengeHref(challenge)} class={buttonClass('secondary', 'md')}>
              {tileLabel(challenge)}
            </a>
            {best > 0 && (
              <span class="donation-banner__note">
                Earn up to {formatNumber(best)} {terms.points}
              </span>
            )}
            {challenge.finish && (
              <span class="donation-banner__note">Ends {formatDate(challenge.finish)}</span>
            )}
          </div>
        </div>
      </div>
    </section>
  )
}

/** The Completed Activities accordion (closed at first). */
export function CompletedActivities({ challenges }: { challenges: ChallengeTile[] }) {
  const terms = useTerms()
  const [open, setOpen] = useState(false)
  if (!challenges.length) return null
  return (
    <section class="container home-section" aria-labelledby="completed-title">
      <div class={['accordion', open && 'accordion--open'].filter(Boolean).join(' ')}>
        <h2 id="completed-title" class="accordion__heading">
          <button
            type="button"
            class="accordion__toggle"
            aria-expanded={open}
            aria-controls="completed-panel"
            onClick={() => setOpen(!open)}
          >
            <span class="accordion__label">
              <CheckCircleIcon size={22} />
              Completed Activities
              <span class="accordion__count">{challenges.length}</span>
            </span>
            <ChevronDownIcon size={20} class="accordion__chevron" />
          </button>
        </h2>
        <div id="completed-panel" class="accordion__panel" hidden={!open}>
          <ul class="done-list">
            {challenges.map((c) => (
              <li key={c.id} class="done-item">
                <Img
                  src={c.image}
                  alt=""
                  class="done-item__image"
                  fallback={<span class="done-item__image done-item__image--empty" />}
                />
                <div class="done-item__text">
                  <a href={challengeHref(c)} class="done-item__name">
                    {c.name}
                  </a>
                  <p class="done-item__date">Completed {formatDate(c.completed_by_current_participant_on)}</p>
                </div>
                {c.points > 0 && (
                  <span class="done-item__points">
                    +{formatNumber(c.points)} {terms.points}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  )
}
