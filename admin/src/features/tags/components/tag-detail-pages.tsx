import { Link, useNavigate, useParams } from '@tanstack/react-router'
import { useEffect } from 'react'
import { NotFoundError } from '../../../../../sdk/src/errors'
import type { TaggingKind } from '../../../../../sdk/contract/console/tags'
import { buttonClass } from '../../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { ErrorBlock } from '../../../components/ui/error-block'
import { PageHeader } from '../../../components/ui/page-header'
import { Skeleton } from '../../../components/ui/skeleton'
import { notify } from '../../../components/ui/toast'
import { useI18n } from '../../../lib/i18n'
import { useCurrentProgram } from '../../../lib/use-program'
import { type TagFamily, useAdminTag, useContentTag } from '../api/tags'
import { useTagText } from '../messages'
import { kindWords, taggingPaths } from '../tag-links'
import { useDateFormat } from './tag-list-page'

type Ids = { programId: number; tagId: number }
const useTagIds = () => useParams({ strict: false }) as Ids

/** A missing tag (another program's, or deleted) toasts and goes back to its list. */
function useMissing(missing: boolean, family: TagFamily, programId: number) {
  const tt = useTagText()
  const navigate = useNavigate()
  useEffect(() => {
    if (!missing) return
    notify.error(tt('notFound'))
    void navigate({ to: family === 'content' ? '/programs/$programId/settings/content-tags' : '/programs/$programId/settings/tags', params: { programId }, replace: true })
  }, [missing, navigate, tt, programId, family])
}

function Loading() {
  return (
    <>
      <PageHeader title={<Skeleton width={220} height={28} />} />
      <Card>
        <Skeleton height={160} />
      </Card>
    </>
  )
}

/** A list of tagged items: each a link (or plain text when `paths` says so), or the spec's empty text. */
function TaggedList({ title, items, paths, empty }: { title: string; items: { id: number; name: string }[]; paths: (string | null)[]; empty: string }) {
  return (
    <Card className="tag-tagged">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {items.length ? (
          <ul className="tag-tagged-list" aria-label={title}>
            {items.map((item, i) => {
              const to = paths[i]
              return (
                <li key={item.id}>
                  {to ? (
                    // A concrete path under the console's base (tag-links.ts builds it from the kind).
                    <Link to={to as '/'}>{item.name}</Link>
                  ) : (
                    <span>{item.name}</span>
                  )}
                </li>
              )
            })}
          </ul>
        ) : (
          <p className="tag-empty">{empty}</p>
        )}
      </CardContent>
    </Card>
  )
}

function EditLink({ family, ids }: { family: TagFamily; ids: Ids }) {
  const tt = useTagText()
  const { can } = useCurrentProgram()
  if (!can('program:update')) return null
  return family === 'content' ? (
    <Link className={buttonClass({ size: 'sm', variant: 'secondary' })} to="/programs/$programId/settings/content-tags/$tagId/edit" params={ids}>
      {tt('edit')}
    </Link>
  ) : (
    <Link className={buttonClass({ size: 'sm', variant: 'secondary' })} to="/programs/$programId/settings/tags/$tagId/edit" params={ids}>
      {tt('edit')}
    </Link>
  )
}

/**
 * settings/content-tags/{id}: name, status (Active or Inactive), created date, counts of challenges
 * and rewards, total usage, and the tagged challenges and rewards linking to their console pages.
 */
export function ContentTagPage() {
  const tt = useTagText()
  const { formatNumber } = useI18n()
  const date = useDateFormat()
  const ids = useTagIds()
  const tag = useContentTag(ids.programId, ids.tagId)
  const missing = tag.error instanceof NotFoundError
  useMissing(missing, 'content', ids.programId)
  if (tag.status === 'pending' || missing) return <Loading />
  if (tag.status === 'error') return <ErrorBlock error={tag.error} onRetry={() => void tag.refetch()} />
  const d = tag.data
  const cut = (shown: number, total: number) => (shown < total ? ` ${tt('listCut', { shown, total })}` : '')
  return (
    <>
      <PageHeader title={d.name} actions={<EditLink family="content" ids={ids} />} />
      <Card className="tag-summary">
        <CardContent>
          <dl className="tag-facts">
            <div>
              <dt>{tt('col.status')}</dt>
              <dd>
                <span className={`badge ${d.active ? 'badge-success' : 'badge-muted'}`}>{tt(d.active ? 'active' : 'inactive')}</span>
              </dd>
            </div>
            <div>
              <dt>{tt('col.created')}</dt>
              <dd>{date(d.created_at)}</dd>
            </div>
            <div>
              <dt>{tt('col.challenges')}</dt>
              <dd>{formatNumber(d.challenges_count)}</dd>
            </div>
            <div>
              <dt>{tt('col.rewards')}</dt>
              <dd>{formatNumber(d.rewards_count)}</dd>
            </div>
            <div>
              <dt>{tt('col.totalUsage')}</dt>
              <dd>{formatNumber(d.total_usage)}</dd>
            </div>
          </dl>
        </CardContent>
      </Card>
      <div className="tag-tagged-grid">
        <TaggedList
          title={tt('col.challenges') + cut(d.challenges.length, d.challenges_count)}
          items={d.challenges}
          paths={d.challenges.map((c) => `/programs/${ids.programId}/challenges/${c.id}`)}
          empty={tt('emptyKind', { kind: tt('challenges') })}
        />
        <TaggedList
          title={tt('col.rewards') + cut(d.rewards.length, d.rewards_count)}
          items={d.rewards}
          paths={d.rewards.map((r) => `/programs/${ids.programId}/rewards/${r.id}`)}
          empty={tt('emptyKind', { kind: tt('rewards') })}
        />
      </div>
    </>
  )
}

/**
 * settings/tags/{id}: the admin tag's taggings, one list per tagged kind, linked by the spec's rules
 * (tag-links.ts); an empty kind reads 'No {kind} are using this tag.'.
 */
export function AdminTagPage() {
  const tt = useTagText()
  const { formatNumber } = useI18n()
  const date = useDateFormat()
  const ids = useTagIds()
  const tag = useAdminTag(ids.programId, ids.tagId)
  const missing = tag.error instanceof NotFoundError
  useMissing(missing, 'admin', ids.programId)
  if (tag.status === 'pending' || missing) return <Loading />
  if (tag.status === 'error') return <ErrorBlock error={tag.error} onRetry={() => void tag.refetch()} />
  const d = tag.data
  return (
    <>
      <PageHeader title={d.name} actions={<EditLink family="admin" ids={ids} />} />
      <Card className="tag-summary">
        <CardContent>
          <dl className="tag-facts">
            <div>
              <dt>{tt('col.created')}</dt>
              <dd>{date(d.created_at)}</dd>
            </div>
            <div>
              <dt>{tt('col.taggings')}</dt>
              <dd>{formatNumber(d.taggings_count)}</dd>
            </div>
          </dl>
        </CardContent>
      </Card>
      <AdminTagKinds taggings={d.taggings} programId={ids.programId} />
    </>
  )
}

/** One list per tagged kind of an admin tag, linked by the spec's rules, or 'No {kind} are using this tag.'. */
export function AdminTagKinds({ taggings, programId }: { taggings: Record<string, TaggingKind>; programId: number }) {
  const tt = useTagText()
  return (
    <div className="tag-tagged-grid">
      {Object.entries(taggings).map(([key, kind]) => (
        <TaggedList
          key={key}
          title={kind.display_name}
          items={kind.value.map((v) => ({ id: v.taggable_id, name: v.taggable_name }))}
          paths={taggingPaths(kind, programId)}
          empty={tt('emptyKind', { kind: kindWords(kind) })}
        />
      ))}
    </div>
  )
}
