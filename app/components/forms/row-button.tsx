import { buttonClass } from '~/components/ui/button'
import { Icon } from '~/components/ui/icons'

/** A small icon button that submits a list intent; its label says which row it acts on. */
export function RowButton({
  label,
  icon,
  buttonProps,
  disabled,
}: {
  label: string
  icon: 'chevronDown' | 'chevronLeft' | 'trash'
  buttonProps: object
  disabled?: boolean
}) {
  return (
    <button
      {...buttonProps}
      type="submit"
      disabled={disabled}
      aria-label={label}
      title={label}
      className={buttonClass('ghost', 'sm', 'size-9 px-0 text-muted hover:text-ink')}
    >
      <Icon name={icon} size={18} className={icon === 'chevronLeft' ? 'rotate-90' : undefined} />
    </button>
  )
}
