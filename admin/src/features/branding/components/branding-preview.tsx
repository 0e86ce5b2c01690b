import { Tabs } from 'radix-ui'
import { useEffect, useRef, useState } from 'react'
import { BRANDING_PREVIEW_MESSAGE, BRANDING_PREVIEW_READY, type BrandingPreviewMessage } from '../../../../../sdk/contract/branding-preview'
import type { BrandingPreview as ServerPreview } from '../../../../../sdk/contract/console/branding'
import type { BrandingFormValues } from '../form-values'
import { useBrandingText } from '../messages'

type Props = {
  /** The participant home in preview mode (GET .../template_details preview_url). */
  previewUrl: string
  /** The unsaved form, as it is now. */
  draft: BrandingFormValues
  /** The server's answer for the draft: sanitized CSS and the e-mail; null until the first. */
  server: ServerPreview | null
  /** Changes after a save, so the frame loads the saved site again. */
  reloadKey: number
}

/** The message the framed site applies: the draft's look, with the CSS as the server would store it. */
export function previewMessage(draft: BrandingFormValues, css: string): BrandingPreviewMessage {
  return {
    type: BRANDING_PREVIEW_MESSAGE,
    element_css_style: draft.element_css_style,
    header_logo: draft.header_logo || null,
    footer_logo: draft.footer_logo || null,
    favicon_file: draft.favicon_file || null,
    header_background_image: draft.header_background_image || null,
    header_text: draft.header_text || null,
    header_description: draft.header_description || null,
    css,
  }
}

/**
 * The live preview beside the form: the real participant home (the site in a frame, in preview mode)
 * drawn with the unsaved values as they are typed, and the real sign-in e-mail rendered by the server
 * with the draft colours and logo. Nothing is saved.
 */
export function BrandingPreviewPanel({ previewUrl, draft, server, reloadKey }: Props) {
  const bt = useBrandingText()
  const frame = useRef<HTMLIFrameElement>(null)
  const [tab, setTab] = useState('program')
  const target = new URL(previewUrl, window.location.href).origin
  const message = previewMessage(draft, server?.css ?? draft.css)
  const latest = useRef(message)
  latest.current = message

  // Every change goes to the site as it is typed.
  const serialized = JSON.stringify(message)
  useEffect(() => {
    frame.current?.contentWindow?.postMessage(JSON.parse(serialized) as BrandingPreviewMessage, target)
  }, [serialized, target])

  // The site says when it is ready (first load, a navigation inside the frame): it gets the draft then.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.current?.contentWindow || event.origin !== target) return
      if ((event.data as { type?: string } | null)?.type === BRANDING_PREVIEW_READY) frame.current?.contentWindow?.postMessage(latest.current, target)
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [target])

  return (
    <aside className="branding-preview" aria-label={bt('preview')}>
      <Tabs.Root value={tab} onValueChange={setTab} className="tabs branding-preview-tabs">
        <Tabs.List className="tabs-list" aria-label={bt('previewTabs')}>
          <Tabs.Trigger value="program" className="tabs-trigger">
            {bt('preview.program')}
          </Tabs.Trigger>
          <Tabs.Trigger value="emails" className="tabs-trigger">
            {bt('preview.emails')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="program" className="tabs-panel" forceMount hidden={tab !== 'program'}>
          {/* Kept mounted (hidden on the Emails tab) so the site does not load again. */}
          <iframe key={reloadKey} ref={frame} className="branding-preview-frame" title={bt('programFrame')} src={previewUrl} />
        </Tabs.Content>
        <Tabs.Content value="emails" className="tabs-panel">
          {server ? (
            <>
              <p className="branding-email-subject">{bt('emailSubject', { subject: server.email.subject })}</p>
              {/* No scripts, no same-origin: the e-mail is shown, nothing in it runs. */}
              <iframe className="branding-preview-frame branding-email-frame" title={bt('emailFrame')} sandbox="" srcDoc={server.email.html} />
            </>
          ) : (
            <p className="field-hint">{bt('loading')}</p>
          )}
        </Tabs.Content>
      </Tabs.Root>
    </aside>
  )
}
