import { createContext, useContext, useEffect } from 'react'
import { Controller, get, useFormContext, useWatch } from 'react-hook-form'
import {
  BORDER_KEYS,
  BORDER_RADII,
  BRANDING_COLOR_KEYS,
  type BrandingColorKey,
  type BrandingFont,
  type BrandingImageKey,
  colorLabel,
  HEX_COLOR,
  THEMES,
} from '../../../../../sdk/contract/console/branding'
import { FormField } from '../../../components/ui/form-field'
import { InputField, SelectField, TextareaField } from '../../../components/ui/form'
import { Input } from '../../../components/ui/input'
import { useI18n } from '../../../lib/i18n'
import { MediaField } from '../../media'
import { contrastWarnings } from '../contrast'
import type { BrandingFormValues } from '../form-values'
import { borderLabel, radiusLabel, useBrandingText, useColorLabel } from '../messages'
import { type BrandingSectionId, sectionOfField } from '../sections'

/** A field a failed save is taking the admin to (a new object each time, so the same field is asked again). */
export type FocusRequest = { field: string }

/**
 * What the sections share besides the form: the program, the curated fonts, the sanitizer's notes, and
 * the field to focus once the section holding it is shown (then `focused` clears it).
 */
export type BrandingSectionData = {
  programId: number
  fonts: readonly BrandingFont[]
  cssRemoved: readonly string[]
  focusRequest: FocusRequest | null
  focused: () => void
}
export const BrandingSectionContext = createContext<BrandingSectionData | null>(null)

function useSectionData(): BrandingSectionData {
  const data = useContext(BrandingSectionContext)
  if (!data) throw new Error('branding sections render inside the branding page')
  return data
}

function Section({ id, title, children }: { id: BrandingSectionId; title: string; children: React.ReactNode }) {
  const { focusRequest, focused } = useSectionData()
  const { setFocus } = useFormContext()
  // Runs after the section's fields have registered their elements, also when the section has just
  // been opened for the failed field (a route that was not showing).
  useEffect(() => {
    if (!focusRequest || sectionOfField(focusRequest.field) !== id) return
    setFocus(focusRequest.field)
    focused()
  }, [focusRequest, focused, id, setFocus])
  return (
    <section className="branding-section" aria-label={title}>
      <h2 className="branding-section-title">{title}</h2>
      {children}
    </section>
  )
}

function useError(name: string): string | undefined {
  const { tm } = useI18n()
  const {
    formState: { errors },
  } = useFormContext()
  return tm((get(errors, name) as { message?: string } | undefined)?.message)
}

function ColorField({ colorKey, warning }: { colorKey: BrandingColorKey; warning?: string | undefined }) {
  const bt = useBrandingText()
  const label = useColorLabel(colorLabel)(colorKey)
  const name = `element_css_style.${colorKey}` as const
  const { register, setValue, control } = useFormContext<BrandingFormValues>()
  const value = useWatch({ control, name }) ?? ''
  const error = useError(name)
  const full = HEX_COLOR.test(value.trim()) ? (value.trim().length === 4 ? `#${[...value.trim().slice(1)].map((c) => c + c).join('')}` : value.trim()) : '#000000'
  return (
    <FormField label={label} error={error} hint={warning && <span className="branding-contrast-warning">⚠ {warning}</span>} className="branding-color-field">
      {(ids) => (
        <div className="branding-color-input">
          <input
            type="color"
            className="branding-swatch"
            value={full.toLowerCase()}
            aria-label={bt('picker', { label })}
            onChange={(e) => setValue(name, e.target.value, { shouldDirty: true, shouldValidate: true })}
          />
          <Input {...ids} {...register(name)} autoComplete="off" spellCheck={false} maxLength={7} className="branding-hex" />
        </div>
      )}
    </FormField>
  )
}

/** colors (default): every style key of section 3, each required, with WCAG AA contrast warnings. */
export function ColorsSection() {
  const bt = useBrandingText()
  const labelOf = useColorLabel(colorLabel)
  const style = useWatch<BrandingFormValues, 'element_css_style'>({ name: 'element_css_style' }) ?? {}
  const warnings = contrastWarnings(style)
  const warningFor = (key: BrandingColorKey) => {
    const own = warnings.filter((w) => w.content === key)
    return own.length ? own.map((w) => bt('contrast', { ratio: w.ratio.toFixed(2), background: labelOf(w.background) })).join(' ') : undefined
  }
  return (
    <Section id="colors" title={bt('tab.colors')}>
      {warnings.length > 0 && (
        <p className="branding-contrast-summary" role="status">
          {bt('contrastSummary', { count: warnings.length })}
        </p>
      )}
      <div className="branding-color-grid">
        {BRANDING_COLOR_KEYS.map((key) => (
          <ColorField key={key} colorKey={key} warning={warningFor(key)} />
        ))}
      </div>
    </Section>
  )
}

/** theme: light or dark, labelled Coming Soon as the spec says (not selectable yet). */
export function ThemeSection() {
  const bt = useBrandingText()
  const { register } = useFormContext<BrandingFormValues>()
  return (
    <Section id="theme" title={bt('tab.theme')}>
      <fieldset className="branding-theme" disabled aria-describedby="branding-theme-hint">
        <legend>
          {bt('themeLabel')} <span className="branding-badge">{bt('comingSoon')}</span>
        </legend>
        <div className="branding-theme-options">
          {THEMES.map((theme) => (
            <label key={theme} className="branding-theme-option">
              <input type="radio" value={theme} {...register('element_css_style.theme')} />
              <span>{bt(`theme.${theme}`)}</span>
            </label>
          ))}
        </div>
        <p className="field-hint" id="branding-theme-hint">
          {bt('themeHint')}
        </p>
      </fieldset>
    </Section>
  )
}

const IMAGE_FIELDS: readonly BrandingImageKey[] = ['favicon_file', 'header_logo', 'footer_logo', 'overlay_image', 'header_background_image', 'badge_background_image']

function ImageField({ name }: { name: BrandingImageKey }) {
  const bt = useBrandingText()
  const { programId } = useSectionData()
  const { control } = useFormContext<BrandingFormValues>()
  const error = useError(name)
  const optional = name === 'badge_background_image'
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <MediaField
          programId={programId}
          label={bt(`asset.${name}`)}
          value={field.value || null}
          onChange={(url) => field.onChange(url ?? (optional ? null : ''))}
          buttonRef={field.ref}
          accept="image"
          required={!optional}
          {...(error ? { error } : {})}
          {...(optional ? { description: bt('asset.optional') } : {})}
        />
      )}
    />
  )
}

/** assets: favicon, logos, overlay, hero title, description and background (required); badge background (optional). */
export function AssetsSection() {
  const bt = useBrandingText()
  return (
    <Section id="assets" title={bt('tab.assets')}>
      <InputField name="header_text" label={bt('heroTitle')} required autoComplete="off" />
      <TextareaField name="header_description" label={bt('heroDescription')} required rows={3} />
      <div className="branding-asset-grid">
        {IMAGE_FIELDS.map((name) => (
          <ImageField key={name} name={name} />
        ))}
      </div>
    </Section>
  )
}

/** Adds the curated faces of a family to the console's document (same origin), for the sample text. */
function useFontFaces(font: BrandingFont | undefined) {
  useEffect(() => {
    if (!font || typeof FontFace === 'undefined' || !document.fonts) return
    for (const file of font.files) {
      try {
        document.fonts.add(new FontFace(font.family, `url(${file.url}) format("woff2")`, { weight: file.weight, display: 'swap' }))
      } catch {
        // The sample falls back to the system font.
      }
    }
  }, [font])
}

function FontField({ name, label }: { name: 'header_font' | 'body_font'; label: string }) {
  const bt = useBrandingText()
  const { fonts } = useSectionData()
  const value = useWatch<BrandingFormValues, `element_css_style.${typeof name}`>({ name: `element_css_style.${name}` }) ?? ''
  const chosen = fonts.find((f) => f.family.toLowerCase() === value.trim().toLowerCase())
  useFontFaces(chosen)
  const options = fonts.map((f) => ({ value: f.family, label: f.family }))
  if (value && !chosen) options.unshift({ value, label: value })
  return (
    <div className="branding-font">
      <SelectField name={`element_css_style.${name}`} label={label} options={options} />
      <p className="branding-font-sample" style={{ fontFamily: `"${value}", system-ui, sans-serif` }} lang="en">
        {bt('fontSample')}
      </p>
    </div>
  )
}

/** fonts: header and body font from the curated list the product serves itself. */
export function FontsSection() {
  const bt = useBrandingText()
  return (
    <Section id="fonts" title={bt('tab.fonts')}>
      <p className="field-hint">{bt('fontsHint')}</p>
      <FontField name="header_font" label={bt('headerFont')} />
      <FontField name="body_font" label={bt('bodyFont')} />
    </Section>
  )
}

/** borders: none, small, medium, large or full, for buttons, inputs, tiles and cards. */
export function BordersSection() {
  const bt = useBrandingText()
  const options = BORDER_RADII.map((r) => ({ value: r, label: bt(radiusLabel(r)) }))
  return (
    <Section id="borders" title={bt('tab.borders')}>
      <div className="branding-border-grid">
        {BORDER_KEYS.map((key) => (
          <SelectField key={key} name={`element_css_style.${key}`} label={bt(borderLabel(key))} options={options} />
        ))}
      </div>
    </Section>
  )
}

/** css: the program's custom CSS, sanitized by the server (what it would remove is listed as you type). */
export function CssSection() {
  const bt = useBrandingText()
  const { cssRemoved } = useSectionData()
  return (
    <Section id="css" title={bt('tab.css')}>
      <TextareaField name="css" label={bt('cssLabel')} hint={bt('cssHint')} rows={14} spellCheck={false} className="branding-css" />
      {cssRemoved.length > 0 && (
        <div className="branding-css-removed" role="status">
          <p>{bt('cssRemoved')}</p>
          <ul>
            {cssRemoved.map((line, i) => (
              <li key={i}>
                <code>{line}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Section>
  )
}
