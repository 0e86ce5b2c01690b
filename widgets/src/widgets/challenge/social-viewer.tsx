import { useEffect, useRef, useState } from 'preact/hooks'
import type { Challenge, SocialPost } from '../../../../sdk/contract/challenges'
import { Button } from '../../ui/button'
import { Carousel } from '../../ui/carousel'
import { ArrowRightIcon, CheckCircleIcon, ExternalIcon } from '../../ui/icons'
import { Img } from '../../ui/img'
import { formatDate } from '../../ui/date'
import { useSite } from '../shared/context'
import { trackWrite } from '../shared/pending-writes'
import { errorMessage } from '../shared/use-load'
import { allPostsViewed, nextUnviewedIndex, socialCountdownSeconds, startPostIndex } from './challenge-rules'

type SocialViewerProps = {
  challenge: Challenge
  postId: number | null
  /** Called once when the last view completes the challenge. */
  onCompleted: () => void
}

const ALL_VIEWED = "It looks like you've already viewed all the posts, come back here later"

/**
 * The unified social viewer: one post at a time; Next unlocks when the post's countdown ends, and
 * advancing or leaving the page records the view (only after the countdown).
 */
export function SocialViewer({ challenge, postId, onCompleted }: SocialViewerProps) {
  const { client } = useSite()
  const [posts, setPosts] = useState(challenge.social_network_posts)
  const [index, setIndex] = useState(() => startPostIndex(challenge.social_network_posts, postId))
  const [finished, setFinished] = useState(() => allPostsViewed(challenge.social_network_posts))
  const [busy, setBusy] = useState(false)
  const post = posts[index]
  // The countdown belongs to one post: a new post starts from its own full count.
  const [countdown, setCountdown] = useState(() => ({
    id: post?.id,
    remaining: post ? socialCountdownSeconds(post) : 0,
  }))
  const remaining =
    post && countdown.id === post.id ? countdown.remaining : post ? socialCountdownSeconds(post) : 0
  const ready = remaining <= 0
  const recorded = useRef(new Set<number>())
  const completedRef = useRef(onCompleted)
  completedRef.current = onCompleted
  const alreadyCompleted = Boolean(challenge.completed_by_current_participant_on)

  /** Records a view once; marks the post viewed and reports completion. */
  async function record(target: SocialPost) {
    if (recorded.current.has(target.id)) return
    recorded.current.add(target.id)
    try {
      const res = await trackWrite(client.challenges.recordSocialView(challenge.id, target.id))
      setPosts((list) => list.map((p) => (p.id === target.id ? { ...p, viewed: true } : p)))
      if (res.completed && !alreadyCompleted) completedRef.current()
    } catch (err) {
      recorded.current.delete(target.id)
      console.warn('unified_social_submission failed', errorMessage(err))
    }
  }
  const recordRef = useRef(record)
  recordRef.current = record

  const postKey = post?.id
  const fullCount = post ? socialCountdownSeconds(post) : 0
  useEffect(() => {
    if (postKey === undefined || finished) return
    const id = postKey
    setCountdown({ id, remaining: fullCount })
    const timer = setInterval(
      () => setCountdown((c) => (c.id === id ? { id, remaining: Math.max(0, c.remaining - 1) } : c)),
      1000,
    )
    return () => clearInterval(timer)
  }, [postKey, fullCount, finished])

  // Leaving (another page, or closing the tab) after the countdown records the view.
  const pending = useRef<SocialPost | null>(null)
  pending.current = post && ready && !post.viewed && !finished ? post : null
  useEffect(() => {
    const onHide = () => {
      if (pending.current) void recordRef.current(pending.current)
    }
    window.addEventListener('pagehide', onHide)
    return () => {
      window.removeEventListener('pagehide', onHide)
      onHide()
    }
  }, [])

  if (!posts.length) return <p class="panel__note">There are no posts to see yet. Come back here later.</p>
  if (finished || !post) {
    return (
      <div class="panel social-done" role="status">
        <CheckCircleIcon size={28} />
        <p>{ALL_VIEWED}</p>
      </div>
    )
  }

  const next = nextUnviewedIndex(
    posts.map((p, i) => (i === index ? { ...p, viewed: true } : p)),
    index,
  )
  async function advance() {
    if (!ready || busy || !post) return
    const current = post
    if (next !== null) {
      // Move on at once; the view is recorded in the background.
      setIndex(next)
      if (!current.viewed) void record(current)
      return
    }
    // The last post: wait for the answer, which may complete the challenge (the success screen).
    setBusy(true)
    if (!current.viewed) await record(current)
    setBusy(false)
    setFinished(true)
  }

  const total = posts.length
  const viewedCount = posts.filter((p) => p.viewed).length
  const seconds = socialCountdownSeconds(post)
  return (
    <section class="social" aria-label="Posts">
      <div class="social__top">
        <p class="social__position">
          Post {index + 1} of {total}
        </p>
        <p class="social__viewed">
          {viewedCount} of {total} viewed
        </p>
      </div>
      <PostCard key={post.id} post={post} />
      <div class="social__footer">
        <div class="countdown" aria-hidden="true">
          <span
            class="countdown__bar"
            style={{ width: `${((seconds - remaining) / Math.max(1, seconds)) * 100}%` }}
          />
        </div>
        <p class="social__hint">
          {ready
            ? 'Thanks for watching. You can move on.'
            : `Keep looking for ${remaining} s to count this post.`}
        </p>
        <p class="visually-hidden" aria-live="polite">
          {ready ? 'The next button is now available.' : ''}
        </p>
        <Button size="lg" disabled={!ready} loading={busy} onClick={advance}>
          {next === null ? 'Finish' : 'Next'}
          <ArrowRightIcon size={18} />
        </Button>
      </div>
    </section>
  )
}

function PostCard({ post }: { post: SocialPost }) {
  const slides =
    post.post_type === 'gallery' && post.social_network_child_posts.length
      ? post.social_network_child_posts
      : [post]
  const platform = post.social_network_page.platform
  return (
    <article class="post">
      <header class="post__header">
        <span class="post__avatar" aria-hidden="true">
          {(post.username || platform || '?').charAt(0).toUpperCase()}
        </span>
        <div>
          <p class="post__user">{post.username || platform || 'Post'}</p>
          {post.published_at && <p class="post__date">{formatDate(post.published_at)}</p>}
        </div>
        {post.url && (
          <a class="post__link" href={post.url} target="_blank" rel="noopener noreferrer">
            View post
            <ExternalIcon size={14} />
            <span class="visually-hidden"> (opens in a new tab)</span>
          </a>
        )}
      </header>
      <div class="post__media">
        {slides.length > 1 ? (
          <Carousel
            items={slides}
            label="Gallery"
            interval={false}
            loop={false}
            itemKey={(s) => s.id}
            renderItem={(s) => <PostMedia post={s} caption={s.message} />}
          />
        ) : (
          <PostMedia post={slides[0]!} />
        )}
      </div>
      {post.message && <p class="post__message">{post.message}</p>}
    </article>
  )
}

function PostMedia({ post, caption }: { post: SocialPost; caption?: string | null }) {
  if (post.post_type === 'video') {
    return <video class="post__video" src={post.media_path} controls playsInline muted preload="metadata" />
  }
  return (
    <figure class="post__figure">
      <Img
        src={post.media_path}
        alt={caption || post.message ? '' : 'Post image'}
        class="post__image"
        fallback={<span class="post__image post__image--empty" />}
      />
      {caption && <figcaption class="post__caption">{caption}</figcaption>}
    </figure>
  )
}
