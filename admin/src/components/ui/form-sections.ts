import type { FieldErrors } from 'react-hook-form'

/**
 * One section of a form split across tabs (routes or panels), only one of which is shown: its name as
 * the user reads it and the fields it holds (dotted paths, as react-hook-form and the server's 422
 * `errors` name them: `overlay_image`, `element_css_style.perk-primary`).
 */
export type FormSection<Id extends string = string> = { id: Id; label: string; holds: (field: string) => boolean }

export type FieldMessage = { field: string; message: string }
export type SectionError<Id extends string = string> = FieldMessage & { section: FormSection<Id> | undefined }

/** Every message of react-hook-form's error tree with its dotted path, in the tree's order. */
export function fieldMessages(errors: FieldErrors, prefix = ''): FieldMessage[] {
  const out: FieldMessage[] = []
  for (const [key, node] of Object.entries(errors)) {
    // `root` holds the messages that name no field; `ref` is the element, not a child field.
    if (!node || typeof node !== 'object' || (!prefix && key === 'root') || key === 'ref') continue
    const field = prefix ? `${prefix}.${key}` : key
    const message = (node as { message?: unknown }).message
    if (typeof message === 'string') out.push({ field, message })
    else out.push(...fieldMessages(node as FieldErrors, field))
  }
  return out
}

/**
 * The errors with the section that holds each field, in the sections' order (the first is where the
 * form should take the user); fields no section holds come last.
 */
export function locateErrors<Id extends string>(errors: readonly FieldMessage[], sections: readonly FormSection<Id>[]): SectionError<Id>[] {
  const located = errors.map((e) => ({ ...e, section: sections.find((s) => s.holds(e.field)) }))
  const rank = (e: SectionError<Id>) => (e.section ? sections.indexOf(e.section) : sections.length)
  // Array sort is stable: within a section, the order the errors came in.
  return located.sort((a, b) => rank(a) - rank(b))
}

/** The failure toast's lines: 'Assets: Overlay image is required', each message translated by `tm`. */
export const sectionErrorLines = (errors: readonly SectionError[], tm: (message: string) => string | undefined = (m) => m) =>
  errors.map(({ section, message }) => {
    const text = tm(message) ?? message
    return section ? `${section.label}: ${text}` : text
  })
