import { useEffect, useRef, useState } from 'react'
import { Form, useNavigation } from 'react-router'

import { RefusalNotice, useRefusal } from '~/components/forms/refusal'
import { Button, buttonClass } from '~/components/ui/button'
import { ErrorList, inputClass } from '~/components/ui/field'
import { useHydrated } from '~/hooks/use-hydrated'
import { useTranslation } from '~/hooks/use-translation'
import { CHAT_BODY_MAX, CHAT_FILE_MAX_BYTES, CHAT_IMAGE_ACCEPT } from '~/schemas/chat-options'

/**
 * Writing in a conversation: a text form, and a photo form whose "Photo" button is a file input
 * (images, the camera on a phone). With JavaScript choosing a photo sends it at once; without,
 * a Send button posts it. Both post to the page, which redirects back to the conversation.
 */
export function Composer({ actionData }: { actionData: unknown }) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const textRefusal = useRefusal(actionData, 'send', undefined, ['body'])
  const photoRefusal = useRefusal(actionData, 'photo', undefined, ['file', 'body'])
  const textForm = useRef<HTMLFormElement>(null)
  const photoForm = useRef<HTMLFormElement>(null)
  const sentText = useRef(false)
  // With JavaScript a photo over the limit is refused here: posted, the request edge would answer 413 with its own page.
  const [tooBig, setTooBig] = useState(false)
  // After a sent message (no refusal), the box is emptied for the next one.
  useEffect(() => {
    if (navigation.state === 'submitting' && navigation.formData?.get('intent') === 'send') sentText.current = true
    if (navigation.state === 'idle' && sentText.current) {
      sentText.current = false
      if (!textRefusal) textForm.current?.reset()
    }
  }, [navigation.state, navigation.formData, textRefusal])

  return (
    <div className="grid gap-2 border-t border-line p-3" data-testid="chat-composer">
      <RefusalNotice refusal={textRefusal ?? photoRefusal} testId="chat-refusal" />
      <Form method="post" ref={textForm} className="flex items-end gap-2" data-testid="chat-send-form">
        <input type="hidden" name="intent" value="send" />
        <label className="min-w-0 flex-1">
          <span className="sr-only">{t('chat.message')}</span>
          <textarea
            name="body"
            rows={2}
            required
            maxLength={CHAT_BODY_MAX}
            dir="auto"
            placeholder={t('chat.messagePlaceholder')}
            defaultValue={typeof textRefusal?.values.body === 'string' ? textRefusal.values.body : ''}
            className={`${inputClass} min-h-11 resize-y`}
            data-testid="chat-input"
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault()
                if (event.currentTarget.value.trim()) event.currentTarget.form?.requestSubmit()
              }
            }}
          />
          <ErrorList errors={textRefusal?.field('body')} />
        </label>
        <Button type="submit" disabled={busy} data-testid="chat-send">
          {t('chat.send')}
        </Button>
      </Form>
      <Form method="post" encType="multipart/form-data" ref={photoForm} className="flex flex-wrap items-center gap-2" data-testid="chat-photo-form">
        <input type="hidden" name="intent" value="photo" />
        <label className={buttonClass('secondary', 'md', 'relative min-h-11 cursor-pointer focus-within:ring-2')} data-testid="chat-photo-button">
          {busy && navigation.formData?.get('intent') === 'photo' ? t('chat.sending') : t('chat.photo')}
          <input
            type="file"
            name="file"
            accept={CHAT_IMAGE_ACCEPT}
            capture="environment"
            required
            className="absolute inset-0 cursor-pointer opacity-0"
            data-testid="chat-photo-input"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0]
              setTooBig(Boolean(file && file.size > CHAT_FILE_MAX_BYTES))
              if (!hydrated || !file) return
              if (file.size > CHAT_FILE_MAX_BYTES) event.currentTarget.value = ''
              else photoForm.current?.requestSubmit()
            }}
          />
        </label>
        {hydrated ? null : (
          <Button type="submit" variant="secondary" data-testid="chat-photo-send">
            {t('chat.sendPhoto')}
          </Button>
        )}
        <ErrorList errors={tooBig ? [t('chat.errors.fileTooLarge', { size: CHAT_FILE_MAX_BYTES / 1024 / 1024 })] : photoRefusal?.field('file')} />
      </Form>
    </div>
  )
}
