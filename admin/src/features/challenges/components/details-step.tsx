import { answerTypes } from '../../../../../sdk/contract/challenges'
import {
  type ChallengeFormValues,
  collectTypes,
  IMAGE_ANSWER_TYPES,
  OPTION_ANSWER_TYPES,
  type QuestionForm,
  type SocialPostForm,
} from '../../../../../sdk/contract/console/challenges'
import { Button } from '../../../components/ui/button'
import { Checkbox } from '../../../components/ui/checkbox'
import { IconPlus } from '../../../components/ui/icons'
import { MediaField } from '../../media'
import { useChallengeText } from '../messages'
import { NumberInput, SelectInput, TextInput } from './wizard-fields'

type Set = <K extends keyof ChallengeFormValues>(key: K, value: ChallengeFormValues[K]) => void
type Props = {
  /** The program whose media library option images are picked from (or uploaded into). */
  programId: number
  values: ChallengeFormValues
  set: Set
  errors: Partial<Record<keyof ChallengeFormValues, string>>
  profileAttributes: { attribute_name: string; display_name: string }[]
}

const humanize = (v: string) => v.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase())
const options = (values: readonly string[]) => values.map((value) => ({ value, label: humanize(value) }))
const newQuestion = (): QuestionForm => ({ title: '', additional_details: '', answer_type: 'radio_button', is_required: true, profile_attribute: '', options: [] })

/** Step 2: the challenge type's own settings (engine-rules.md, "By type"). */
export function DetailsStep({ programId, values, set, errors, profileAttributes }: Props) {
  const ct = useChallengeText()
  const t = values.challenge_type
  return (
    <div className="challenge-step-fields">
      {t === 'article' && (
        <>
          <TextInput name="content" value={values.content} onChange={(v) => set('content', v)} error={errors.content} multiline rows={10} hint="HTML; the site shows it through its sanitizer" />
          <NumberInput name="read_minutes" value={values.read_minutes} onChange={(v) => set('read_minutes', v)} error={errors.read_minutes} min={1} max={600} />
        </>
      )}
      {t === 'video' && (
        <>
          <TextInput name="video_url" type="url" value={values.video_url} onChange={(v) => set('video_url', v)} error={errors.video_url} />
          <NumberInput name="duration" value={values.duration} onChange={(v) => set('duration', v)} error={errors.duration} hint={ct('hint.duration')} min={1} max={100} />
        </>
      )}
      {(t === 'link' || t === 'call_action' || t === 'engage') && <TextInput name="link_url" type="url" value={values.link_url} onChange={(v) => set('link_url', v)} error={errors.link_url} />}
      {t === 'share' && (
        <>
          <TextInput name="share_url" type="url" value={values.share_url} onChange={(v) => set('share_url', v)} error={errors.share_url} />
          <TextInput name="share_text" value={values.share_text} onChange={(v) => set('share_text', v)} error={errors.share_text} multiline rows={3} />
        </>
      )}
      {t === 'membership' && <NumberInput name="price" value={values.price} onChange={(v) => set('price', v)} error={errors.price} hint={ct('hint.price')} step="0.01" min={0} />}
      {t === 'donation' && <DonationFields values={values} set={set} errors={errors} />}
      {t === 'collect' && (
        <>
          <SelectInput name="collect_type" value={values.collect_type} onChange={(v) => set('collect_type', v)} options={options(collectTypes)} error={errors.collect_type} />
          {values.collect_type === 'quiz' && <NumberInput name="pass_score" value={values.pass_score} onChange={(v) => set('pass_score', v)} error={errors.pass_score} hint={ct('hint.passScore')} min={0} max={100} />}
          <QuestionsEditor programId={programId} values={values} set={set} error={errors.questions} profileAttributes={profileAttributes} />
        </>
      )}
      {t === 'referral' && <p className="field-hint">{ct('referralNote')}</p>}
      {t === 'unified_social' && <PostsEditor values={values} set={set} error={errors.posts} />}
      {t === 'signup' && <p className="field-hint">{ct('noTypeSettings')}</p>}
    </div>
  )
}

function DonationFields({ values, set, errors }: Pick<Props, 'values' | 'set' | 'errors'>) {
  const ct = useChallengeText()
  return (
    <>
      <TextInput name="entity_label" value={values.entity_label} onChange={(v) => set('entity_label', v)} error={errors.entity_label} />
      <fieldset className="challenge-list-field">
        <legend className="field-label">Causes</legend>
        {values.entities.map((e, i) => (
          <div className="challenge-row" key={i}>
            <TextInput name="entities" label={`${ct('causeName')} ${i + 1}`} value={e.name} onChange={(name) => set('entities', values.entities.map((x, j) => (j === i ? { ...x, name } : x)))} />
            <Button variant="ghost" size="sm" onClick={() => set('entities', values.entities.filter((_, j) => j !== i))}>
              {ct('remove')}
            </Button>
          </div>
        ))}
        {errors.entities && <p className="field-error">{errors.entities}</p>}
        <Button variant="secondary" size="sm" onClick={() => set('entities', [...values.entities, { id: '', name: '' }])}>
          <IconPlus />
          {ct('addCause')}
        </Button>
      </fieldset>
      <fieldset className="challenge-list-field">
        <legend className="field-label">Amount options</legend>
        {values.amounts.map((a, i) => (
          <div className="challenge-row" key={i}>
            <NumberInput name="amounts" label={`${ct('amount')} ${i + 1}`} step="0.01" value={a.amount} onChange={(amount) => set('amounts', values.amounts.map((x, j) => (j === i ? { ...x, amount: amount ?? 0 } : x)))} />
            <NumberInput name="amounts" label={`${ct('amountPoints')} ${i + 1}`} value={a.points} onChange={(points) => set('amounts', values.amounts.map((x, j) => (j === i ? { ...x, points: points ?? 0 } : x)))} />
            <Button variant="ghost" size="sm" onClick={() => set('amounts', values.amounts.filter((_, j) => j !== i))}>
              {ct('remove')}
            </Button>
          </div>
        ))}
        {errors.amounts && <p className="field-error">{errors.amounts}</p>}
        <Button variant="secondary" size="sm" onClick={() => set('amounts', [...values.amounts, { amount: 5, points: 0 }])}>
          <IconPlus />
          {ct('addAmount')}
        </Button>
      </fieldset>
    </>
  )
}

/**
 * Questions with every answer type of spec section 5; options for choice types, and for the image types
 * an image per option, picked from the program's media library or uploaded into it (MediaField).
 */
function QuestionsEditor({ programId, values, set, error, profileAttributes }: { programId: number; values: ChallengeFormValues; set: Set; error: string | undefined; profileAttributes: Props['profileAttributes'] }) {
  const ct = useChallengeText()
  const questions = values.questions
  const update = (i: number, q: QuestionForm) => set('questions', questions.map((x, j) => (j === i ? q : x)))
  return (
    <fieldset className="challenge-list-field">
      <legend className="field-label">Questions</legend>
      {questions.map((q, i) => {
        const choice = OPTION_ANSWER_TYPES.includes(q.answer_type)
        const images = IMAGE_ANSWER_TYPES.includes(q.answer_type)
        return (
          <div className="challenge-question" key={q.id ?? `new-${i}`} data-testid={`question-${i}`}>
            <div className="challenge-question-head">
              <h3 className="challenge-question-title">{ct('question', { n: i + 1 })}</h3>
              <Button variant="ghost" size="sm" onClick={() => set('questions', questions.filter((_, j) => j !== i))}>
                {ct('removeQuestion')}
              </Button>
            </div>
            <TextInput name="questions" label={`${ct('question', { n: i + 1 })}: title`} value={q.title} onChange={(title) => update(i, { ...q, title })} />
            <TextInput name="questions" label={`${ct('question', { n: i + 1 })}: details`} value={q.additional_details} onChange={(additional_details) => update(i, { ...q, additional_details })} />
            <SelectInput
              name="questions"
              label={`${ct('question', { n: i + 1 })}: ${ct('answerType')}`}
              value={q.answer_type}
              options={options(answerTypes)}
              onChange={(answer_type) => update(i, { ...q, answer_type, options: OPTION_ANSWER_TYPES.includes(answer_type) ? q.options : [] })}
            />
            <label className="field-inline">
              <Checkbox checked={q.is_required} onCheckedChange={(v) => update(i, { ...q, is_required: v === true })} aria-label={`${ct('question', { n: i + 1 })}: ${ct('required')}`} />
              <span className="field-label">{ct('required')}</span>
            </label>
            {values.collect_type === 'profile' && (
              <SelectInput
                name="questions"
                label={`${ct('question', { n: i + 1 })}: ${ct('profileAttribute')}`}
                value={q.profile_attribute}
                options={profileAttributes.map((a) => ({ value: a.attribute_name, label: a.display_name }))}
                onChange={(profile_attribute) => update(i, { ...q, profile_attribute })}
              />
            )}
            {choice && (
              <div className="challenge-options">
                {q.options.map((o, j) => {
                  const label = `${ct('question', { n: i + 1 })}, ${ct('option', { n: j + 1 })}`
                  const setOption = (patch: Partial<typeof o>) => update(i, { ...q, options: q.options.map((x, k) => (k === j ? { ...x, ...patch } : x)) })
                  return (
                    <div className="challenge-row" key={o.id ?? `new-${j}`}>
                      <TextInput name="questions" label={label} value={o.details} onChange={(details) => setOption({ details })} />
                      {images && (
                        <>
                          <MediaField programId={programId} label={`${label}: ${ct('optionImage')}`} value={o.image_url || null} onChange={(url) => setOption({ image_url: url ?? '' })} />
                          <TextInput name="questions" label={`${label}: ${ct('optionAlt')}`} value={o.image_alt_text} onChange={(image_alt_text) => setOption({ image_alt_text })} />
                        </>
                      )}
                      {values.collect_type === 'quiz' && (
                        <label className="field-inline">
                          <Checkbox checked={o.correct} onCheckedChange={(v) => setOption({ correct: v === true })} aria-label={`${label}: ${ct('correct')}`} />
                          <span className="field-label">{ct('correct')}</span>
                        </label>
                      )}
                      <Button variant="ghost" size="sm" aria-label={`${label}: ${ct('removeOption')}`} onClick={() => update(i, { ...q, options: q.options.filter((_, k) => k !== j) })}>
                        {ct('remove')}
                      </Button>
                    </div>
                  )
                })}
                <Button variant="secondary" size="sm" onClick={() => update(i, { ...q, options: [...q.options, { details: '', image_url: '', image_alt_text: '', correct: false }] })}>
                  <IconPlus />
                  {`${ct('addOption')} (${ct('question', { n: i + 1 })})`}
                </Button>
              </div>
            )}
          </div>
        )
      })}
      {error && <p className="field-error">{error}</p>}
      <Button variant="secondary" size="sm" onClick={() => set('questions', [...questions, newQuestion()])}>
        <IconPlus />
        {ct('addQuestion')}
      </Button>
    </fieldset>
  )
}

const newPost = (): SocialPostForm => ({ post_type: 'image', media_path: '', message: '', username: '', url: '', duration_seconds: null, platform: '', page_url: '', children: [] })

/** Unified social: the posts participants view (each view recorded; all viewed completes it), galleries with their items. */
function PostsEditor({ values, set, error }: { values: ChallengeFormValues; set: Set; error: string | undefined }) {
  const ct = useChallengeText()
  const posts = values.posts
  const update = (i: number, p: SocialPostForm) => set('posts', posts.map((x, j) => (j === i ? p : x)))
  return (
    <fieldset className="challenge-list-field">
      <legend className="field-label">Posts</legend>
      {posts.map((p, i) => {
        const label = ct('post', { n: i + 1 })
        return (
          <div className="challenge-question" key={p.id ?? `new-${i}`}>
            <div className="challenge-question-head">
              <h3 className="challenge-question-title">{label}</h3>
              <Button variant="ghost" size="sm" aria-label={`${label}: ${ct('remove')}`} onClick={() => set('posts', posts.filter((_, j) => j !== i))}>
                {ct('remove')}
              </Button>
            </div>
            <SelectInput name="posts" label={`${label}: type`} value={p.post_type} options={options(['image', 'video', 'gallery'])} onChange={(post_type) => update(i, { ...p, post_type, children: post_type === 'gallery' ? p.children : [] })} />
            <TextInput name="posts" type="url" label={`${label}: media URL`} value={p.media_path} onChange={(media_path) => update(i, { ...p, media_path })} />
            <TextInput name="posts" label={`${label}: message`} value={p.message} onChange={(message) => update(i, { ...p, message })} multiline rows={2} />
            <div className="challenge-row">
              <TextInput name="posts" label={`${label}: username`} value={p.username} onChange={(username) => update(i, { ...p, username })} />
              <SelectInput name="posts" label={`${label}: platform`} value={p.platform || 'none'} options={[{ value: 'none', label: '—' }, ...options(['instagram', 'facebook'])]} onChange={(v) => update(i, { ...p, platform: v === 'none' ? '' : (v as SocialPostForm['platform']) })} />
              {p.post_type === 'video' && <NumberInput name="posts" label={`${label}: seconds`} value={p.duration_seconds} onChange={(duration_seconds) => update(i, { ...p, duration_seconds })} min={0} max={3600} />}
            </div>
            <div className="challenge-row">
              <TextInput name="posts" type="url" label={`${label}: post URL`} value={p.url} onChange={(url) => update(i, { ...p, url })} />
              <TextInput name="posts" type="url" label={`${label}: page URL`} value={p.page_url} onChange={(page_url) => update(i, { ...p, page_url })} />
            </div>
            {p.post_type === 'gallery' && (
              <div className="challenge-options">
                {p.children.map((c, j) => {
                  const item = `${label}, ${ct('galleryItem', { n: j + 1 })}`
                  const setChild = (patch: Partial<typeof c>) => update(i, { ...p, children: p.children.map((x, k) => (k === j ? { ...x, ...patch } : x)) })
                  return (
                    <div className="challenge-row" key={c.id ?? `new-${j}`}>
                      <SelectInput name="posts" label={`${item}: type`} value={c.post_type} options={options(['image', 'video'])} onChange={(post_type) => setChild({ post_type })} />
                      <TextInput name="posts" type="url" label={`${item}: media URL`} value={c.media_path} onChange={(media_path) => setChild({ media_path })} />
                      <Button variant="ghost" size="sm" aria-label={`${item}: ${ct('remove')}`} onClick={() => update(i, { ...p, children: p.children.filter((_, k) => k !== j) })}>
                        {ct('remove')}
                      </Button>
                    </div>
                  )
                })}
                <Button variant="secondary" size="sm" onClick={() => update(i, { ...p, children: [...p.children, { post_type: 'image', media_path: '', duration_seconds: null }] })}>
                  <IconPlus />
                  {`${ct('addGalleryItem')} (${label})`}
                </Button>
              </div>
            )}
          </div>
        )
      })}
      {error && <p className="field-error">{error}</p>}
      <Button variant="secondary" size="sm" onClick={() => set('posts', [...posts, newPost()])}>
        <IconPlus />
        {ct('addPost')}
      </Button>
    </fieldset>
  )
}
